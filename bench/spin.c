/* bench/spin.c: a fixed amount of CPU-bound work, to see how much parallel CPU the machine really has. */
/* SPDX-License-Identifier: MIT */
/*
 * usage: spin ITERATIONS
 * Runs ITERATIONS rounds of an integer hash that stays in registers (no memory
 * traffic, so two copies compete only for CPU time), then prints its own wall
 * seconds. Two copies started together take as long as one alone on a machine
 * with two free cores, and twice as long on one core.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s ITERATIONS\n", argv[0]);
        return 2;
    }
    uint64_t n = strtoull(argv[1], NULL, 10), x = 88172645463325252u;
    double t0 = now();
    for (uint64_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    double t = now() - t0;
    /* printing x keeps the loop from being optimised away */
    printf("%.6f %llu\n", t, (unsigned long long)(x & 1));
    return 0;
}
