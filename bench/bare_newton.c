/* bench/bare_newton.c: calls examples/newton's own newton_sqrt in a tight loop, the uninstrumented reference rate. */
/* SPDX-License-Identifier: MIT */
/*
 * Linked with examples/newton/newton.c compiled with -Dmain=newton_main, so the
 * code measured is the example's, not a copy. ask is drawn from uniform(100, 800)
 * by splitmix64, a generator of a few instructions, so the loop measures the
 * function rather than the draws.
 *
 * usage: bare_newton [SECONDS [cpu [chained]]]   (default 1)
 * Prints one line: calls per second; with "cpu", SECONDS and the rate are of the
 * process's CPU time, which a machine busy with other work moves less than the
 * wall clock. With "chained", each call's argument depends on the previous call's
 * result (times 0.0, which the compiler may not drop for doubles), so no call
 * overlaps the one before: the rate of the function's own latency, the most any
 * harness running one call at a time could reach.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double newton_sqrt(double ask);

static uint64_t state = 1;

/* splitmix64: one 64-bit draw per call, then its top 53 bits as a double in [0, 1). */
static double next_unit(void) {
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53;
}

static clockid_t clock_id = CLOCK_MONOTONIC;

static double now(void) {
    struct timespec t;
    clock_gettime(clock_id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0) || (argc > 2 && strcmp(argv[2], "cpu") != 0) || (argc > 3 && strcmp(argv[3], "chained") != 0)) {
        fprintf(stderr, "usage: %s [SECONDS [cpu [chained]]]\n", argv[0]);
        return 2;
    }
    if (argc > 2) clock_id = CLOCK_PROCESS_CPUTIME_ID;
    double link = argc > 3 ? 0.0 : NAN;   /* NAN: calls independent */
    /* the results feed a volatile sum, so no call can be dropped */
    volatile double sink = 0;
    uint64_t calls = 0;
    double t0 = now(), t;
    do {
        if (link == link) {
            double r = 0;
            for (int i = 0; i < 65536; i++)
                sink += r = newton_sqrt(100.0 + 700.0 * next_unit() + r * link);
        } else {
            for (int i = 0; i < 65536; i++)
                sink += newton_sqrt(100.0 + 700.0 * next_unit());
        }
        calls += 65536;
        t = now() - t0;
    } while (t < seconds);
    printf("%.0f\n", (double)calls / t);
    return 0;
}
