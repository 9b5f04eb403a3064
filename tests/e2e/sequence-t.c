/* tests/e2e/sequence-t.c: call sequences: a three-state machine settles at its stationary frequencies;
 * interrupts; errors. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* tests/e2e/programs/machine.c steps a chain on {A, B, C} once per call. In tenths,
 * its transition matrix is P = [[3, 5, 2], [3, 6, 1], [6, 2, 2]] / 10. Solved by hand:
 * the C equation 10c = 2a + b + 2c gives b = 8c - 2a, the A equation 10a = 3a + 3b + 6c
 * then 13a = 30c, so pi = (30, 44, 13) / 87.
 * With reset_irq run after a call with probability 1/10 (back to A), the chain from
 * one call to the next is P' = 0.9 P + 0.1 [A A A], in hundredths
 * [[37, 45, 18], [37, 54, 9], [64, 18, 18]]; by hand 82c = 18a + 9b and 63a = 37b + 64c
 * give pi' = (3610, 4014, 1233) / 8857.
 * Both are checked below to solve pi P = pi exactly, in integers. */
static const long long P10[3][3] = {{3, 5, 2}, {3, 6, 1}, {6, 2, 2}};
static const long long PI[3] = {30, 44, 13}, PI_DEN = 87;
static const long long P100[3][3] = {{37, 45, 18}, {37, 54, 9}, {64, 18, 18}};
static const long long PI_IRQ[3] = {3610, 4014, 1233}, PI_IRQ_DEN = 8857;

/* pi M = SCALE pi and sum pi = DEN, in integers. */
static int stationary(const long long pi[3], long long den, const long long m[3][3], long long scale) {
    for (int j = 0; j < 3; j++) {
        long long s = 0;
        for (int i = 0; i < 3; i++) s += pi[i] * m[i][j];
        if (s != scale * pi[j]) return 0;
    }
    return pi[0] + pi[1] + pi[2] == den;
}

/* The bias from starting every trial in A: by Dobrushin's coefficient delta(P), the
 * largest total-variation distance between two rows (rows A-B 0.1, A-C 0.3, B-C
 * 0.4, so 0.4; 0.9 x 0.4 = 0.36 for P'), the state's law at call t is within
 * delta^(t-1) of pi in total variation. The counted calls are 21..200, so each
 * counted call's P(state = s) is within 0.4^20 < 1.1e-8 of pi_s, and so is their
 * average: the per-call mean the trials estimate. Consecutive calls are correlated,
 * but a trial's average over its calls is one i.i.d. sample per trial, which is
 * what the stopping rule's interval is about. So |estimate - pi_s| <= half-width
 * + BIAS holds at the stated confidence. */
#define BIAS 1.1e-8

static void check_state(const result *r, int line, const char *name, double truth) {
    const result_block *b = e2e_block_at(r, "step", line, "sw.");
    ok(b && fabs(b->mean - truth) <= b->half_width + BIAS && b->half_width <= r->epsilon,
       "state %s: %.5f within ±%.5f (+%.1g) of pi = %.5f", name, b ? b->mean : NAN, b ? b->half_width : NAN,
       BIAS, truth);
}

static void write_spec(const char *name, const char *text) {
    FILE *f = fopen(tmp_path(name), "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) bail("cannot write %s", tmp_path(name));
}

/* `freqsys check` on a spec next to machine.c fails with exit 2 and a message that
 * contains WANT. */
static void spec_error(const char *text, const char *want, const char *what) {
    char spec[8192], err[8192];
    snprintf(spec, sizeof spec,
             "program \"%s/tests/e2e/programs/machine.c\"\n%sepsilon 0.01\nconfidence 0.95\n",
             FREQSYS_SOURCE_DIR, text);
    write_spec("bad.fspec", spec);
    int code = e2e_runf(err, sizeof err, "check '%s'", tmp_path("bad.fspec"));
    if (!ok(code == 2 && strstr(err, want), "%s", what)) diag("exit %d: %s", code, err);
}

int main(void) {
    plan(2 + 9 + 8 + 1 + 7);
    ok(stationary(PI, PI_DEN, P10, 10), "pi = (30, 44, 13)/87 solves pi P = pi exactly");
    ok(stationary(PI_IRQ, PI_IRQ_DEN, P100, 100),
       "pi' = (3610, 4014, 1233)/8857 solves pi' P' = pi' exactly");

    char err[8192];
    int code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/machine.fspec -q -o '%s'", tmp_path("m.json"));
    if (!is_int(code, 0, "the machine with 200 calls a trial converges")) diag("%s", err);
    result *r = e2e_result(tmp_path("m.json"), err, sizeof err);
    if (!ok(r != NULL && r->calls == 200 && r->warmup == 20, "the result says 200 calls, 20 warm-up"))
        bail("%s", err);
    const char *names[3] = {"A", "B", "C"};
    const int lines[3] = {15, 18, 21};
    for (int s = 0; s < 3; s++) check_state(r, lines[s], names[s], (double)PI[s] / PI_DEN);
    /* the warm-up calls are not counted: `warming` runs only in calls 1..20 */
    const result_block *w = e2e_block(r, "warming", "entry");
    ok(w && w->hits == 0 && w->mean == 0, "a block run only in the 20 warm-up calls counts 0");
    const result_block *e = e2e_block(r, "step", "entry");
    ok(e && e->mean == 1 && e->min == 180 && e->max == 180,
       "the entry runs once per counted call (180 a trial)");
    ok(e && e->max_runs == 1, "its proven bound is 1 per call");
    /* a state's block runs at most once a call: its proven per-call range is [0, 1] */
    const result_block *a = e2e_block_at(r, "step", 15, "sw.");
    ok(a && a->max_runs == 1 && a->range == 1 && !strcmp(a->basis, "proven"),
       "a state's block: proven at most 1 per call, the range its bound used");
    result_free(r);

    code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/machine_irq.fspec -q -o '%s'", tmp_path("i.json"));
    if (!is_int(code, 0, "the machine with a watchdog and a timer interrupt converges")) diag("%s", err);
    r = e2e_result(tmp_path("i.json"), err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    for (int s = 0; s < 3; s++) check_state(r, lines[s], names[s], (double)PI_IRQ[s] / PI_IRQ_DEN);
    /* each handler's entry: bernoulli(0.1) and poisson(0.5) runs after every call */
    const result_block *reset = e2e_block(r, "reset_irq", "entry"), *tick = e2e_block(r, "tick_irq", "entry");
    ok(reset && fabs(reset->mean - 0.1) <= reset->half_width && reset->max_runs == 1,
       "reset_irq ~ bernoulli(0.1): %.4f ± %.4f per call, proven at most 1", reset ? reset->mean : NAN,
       reset ? reset->half_width : NAN);
    ok(tick && fabs(tick->mean - 0.5) <= tick->half_width && isnan(tick->max_runs),
       "tick_irq ~ poisson(0.5): %.4f ± %.4f per call, no proven bound", tick ? tick->mean : NAN,
       tick ? tick->half_width : NAN);
    const result_block *unused = e2e_block(r, "needs_argument", "entry");
    ok(unused && unused->hits == 0 && unused->max_runs == 0,
       "a function no call or handler reaches stays proven 0");
    result_free(r);
    /* the same seed gives the same result with one worker as with two */
    code = e2e_runf(err, sizeof err, "run tests/e2e/programs/machine_irq.fspec -q -j 1 -o '%s'",
                    tmp_path("i1.json"));
    char *one = e2e_json_without_timing(tmp_path("i1.json")),
         *two = e2e_json_without_timing(tmp_path("i.json"));
    ok(code == 0 && one && two && !strcmp(one, two), "-j 1 and -j 2 give identical JSON for call sequences");
    free(one);
    free(two);

    spec_error(
        "function \"step\"\narg u ~ uniform_int(0, 9)\ninterrupt \"TIM2_IRQHandler\" ~ bernoulli(0.5)\n",
        "bad.fspec:4:11: error: the program defines no function 'TIM2_IRQHandler'",
        "an interrupt the program does not define: an error at its name");
    spec_error(
        "function \"step\"\narg u ~ uniform_int(0, 9)\ninterrupt \"needs_argument\" ~ bernoulli(0.5)\n",
        "must be 'void needs_argument(void)'", "a handler with a parameter: an error");
    spec_error("function \"step\"\narg u ~ uniform_int(0, 9)\ninterrupt \"tick_irq\" ~ normal(1, 1)\n",
               "bad.fspec:4:24: error: an interrupt runs a whole number of times",
               "a count that is not whole: an error");
    spec_error("calls 10\n", "bad.fspec:2:1: error: 'calls' needs isolated-function mode",
               "calls in program mode: an error");
    spec_error("function \"step\"\narg u ~ uniform_int(0, 9)\ncalls 10\nwarmup 10\n",
               "bad.fspec:5:1: error: warmup 10 leaves no call to count", "warmup >= calls: an error");
    spec_error("function \"step\"\narg u ~ uniform_int(0, 9)\ncalls 0\n", "calls must be a positive integer",
               "calls 0: an error");
    spec_error("function \"step\"\narg u ~ uniform_int(0, 9)\ninterrupt \"tick_irq\" ~ bernoulli(0.5)\n"
               "interrupt \"tick_irq\" ~ poisson(1)\n",
               "interrupt 'tick_irq' is already declared on line 4", "the same handler twice: an error");
    return done();
}
