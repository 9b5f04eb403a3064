/* tests/e2e/hangs-t.c: a run that never ends in 3% of trials, with no timeout given: its loop is unbounded,
 * never converged. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* n ~ poisson(3) in tests/e2e/programs/hangs.c: n > 6 never ends. */
static double pmf(int k) {
    double p = exp(-3.0);
    for (int i = 1; i <= k; i++) p *= 3.0 / i;
    return p;
}

/* Runs SPEC, checks what every mode shares, and returns the result (NULL: bailed). */
static result *run(const char *spec, double p_hang) {
    char err[8192];
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/%s -q -j 2 -o \"$TMPDIR/hangs.json\"", spec);
    is_int(code, 1, "%s: the run exits 1, never 0", spec);
    result *r = e2e_result(tmp_path("hangs.json"), err, sizeof err);
    if (!r) bail("%s", err);
    unlink(tmp_path("hangs.json"));
    ok(r->timeout_calibrated && r->timeout_s >= 0.05,
       "...with a timeout calibrated from the first trials (%.3g s)", r->timeout_s);
    const result_block *spin = e2e_block(r, "step", "for.cond");
    ok(spin && !strcmp(spin->status, "unbounded") && spin->unbounded == r->timeouts && r->timeouts > 0,
       "...the endless loop is unbounded in all %llu timed-out trials", (unsigned long long)r->timeouts);
    double share = (double)r->timeouts / (double)r->trials,
           sd = sqrt(p_hang * (1 - p_hang) / (double)r->trials);
    ok(fabs(share - p_hang) <= 5 * sd, "...and timeouts are %.4f of trials, about %.4f", share, p_hang);
    return r;
}

int main(void) {
    plan(14);
    double p_hang = 1, loop = 0; /* P(n > 6), and E[n + 1; n <= 6], the finite loop's tests */
    for (int n = 0; n <= 6; n++) {
        p_hang -= pmf(n);
        loop += (n + 1) * pmf(n);
    }
    const char *specs[] = {"hangs.fspec", "hangs_function.fspec"};
    for (int i = 0; i < 2; i++) {
        result *r = run(specs[i], p_hang);
        const result_block *b = e2e_block(r, "step", "for.cond1");
        ok(b && fabs(b->mean - loop) <= b->half_width, "...the loop that ends: %.4f ± %.4f holds %.4f",
           b ? b->mean : NAN, b ? b->half_width : NAN, loop);
        result_free(r);
    }
    /* calls 3: a trial of three calls hangs when any of them does */
    result_free(run("hangs_calls.fspec", 1 - pow(1 - p_hang, 3)));
    return done();
}
