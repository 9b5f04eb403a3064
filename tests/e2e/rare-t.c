/* tests/e2e/rare-t.c: run --rare: importance sampling for blocks reached once in 10^4 runs, against exact
 * frequencies. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Runs freqsys on SPEC with EXTRA options into NAME.json (kept); the result, or NULL. */
static result *run(const char *spec, const char *extra, const char *name, int want_code, char *err,
                   size_t errlen) {
    int code =
        e2e_runf(err, errlen, "run tests/e2e/programs/%s %s -q -o \"$TMPDIR/%s.json\"", spec, extra, name);
    char path[64];
    snprintf(path, sizeof path, "%s.json", name);
    if (!is_int(code, want_code, "%s %s: exit status %d", spec, extra, want_code)) diag("%s", err);
    if (want_code != 0) return NULL;
    char rerr[1024];
    result *r = e2e_result(tmp_path(path), rerr, sizeof rerr);
    if (!r) diag("%s", rerr);
    return r;
}

/* The target's estimate holds TRUTH, within 10% of itself, in fewer than 10^6 runs. */
static void settles(const result *r, const result_block *b, double truth, const char *what) {
    ok(b && fabs(b->mean - truth) <= b->half_width, "%s: %.6g ± %.3g holds the exact %.6g", what,
       b ? b->mean : NAN, b ? b->half_width : NAN, truth);
    ok(b && b->half_width <= 0.1 / 1.1 * b->mean && !strcmp(b->status, "converged"),
       "%s: within 10%% of its mean, converged", what);
    ok(r->trials + r->rare_pilot_runs < 1000000, "%s: %llu runs and %llu of the pilot, under 10^6", what,
       (unsigned long long)r->trials, (unsigned long long)r->rare_pilot_runs);
}

int main(void) {
    plan(23);
    char err[4096];
    /* x ~ normal(0, 1) past its 1 - 10^-4 quantile; plain sampling needs about 3.8 10^6 runs */
    result *r = run("rare_normal.fspec", "--rare main:if.then2 -j 2", "normal", 0, err, sizeof err);
    if (!r) bail("no result");
    const result_block *b = e2e_block_at(r, "main", 9, "if.then");
    settles(r, b, 1e-4, "normal tail");
    ok(r->rare_block && !strcmp(r->rare_block, "main:if.then2") && r->nrare_tilts == 1 &&
           strstr(r->rare_tilts[0], "x: normal(0, 1) -> normal(3."),
       "the result names the target and the tilt: %s", r->nrare_tilts ? r->rare_tilts[0] : "(none)");
    const result_block *entry = e2e_block(r, "main", "entry");
    ok(entry && entry->mean == 1 && entry->method && !strcmp(entry->method, "exact"),
       "the entry, proven to run once, stays exact under weights: %.4f", entry ? entry->mean : NAN);
    const result_block *after = e2e_block_at(r, "main", 8, "if.end");
    ok(after && fabs(after->mean - 1) <= after->half_width && strcmp(after->method, "exact") != 0,
       "a block not proven once is weighted: %.4f within %.4f of 1", after ? after->mean : NAN,
       after ? after->half_width : NAN);
    result_free(r);
    result *one = run("rare_normal.fspec", "--rare main:if.then2 -j 1", "one", 0, err, sizeof err);
    ok(one && e2e_same_json(tmp_path("normal.json"), tmp_path("one.json")),
       "-j 1 and -j 2 give the same result");
    result_free(one);

    /* n ~ poisson(2) reaching 9: a discrete tilt */
    double truth = 0, term = exp(-2); /* P(n >= 9): the terms from 9 on, summed until they vanish */
    for (int k = 1; k <= 60; k++) {
        term *= 2.0 / k;
        if (k >= 9) truth += term;
    }
    r = run("rare_poisson.fspec", "--rare main:if.then4", "poisson", 0, err, sizeof err);
    b = r ? e2e_block_at(r, "main", 12, "if.then") : NULL;
    if (r) settles(r, b, truth, "poisson tail");
    const result_block *loop = r ? e2e_block_at(r, "main", 10, "for.body") : NULL;
    ok(loop && fabs(loop->mean - 2) <= 0.25, "the loop's weighted mean %.4f is about E n = 2",
       loop ? loop->mean : NAN);
    result_free(r);

    /* refusals, each naming what is wrong */
    run("rare_normal.fspec", "--rare main:nowhere", "none", 2, err, sizeof err);
    ok(strstr(err, "--rare main:nowhere: no block of the program is named so") != NULL,
       "an unknown block: %s", err);
    run("enumerate.fspec", "--rare main:if.then", "flat", 2, err, sizeof err);
    ok(strstr(err, "no input of the spec can be tilted") != NULL, "nothing to tilt: %s", err);
    run("rare_normal.fspec", "--rare main:if.then2 --sensitivity", "both", 2, err, sizeof err);
    ok(strstr(err, "cannot be combined with --sensitivity") != NULL, "not with --sensitivity");
    run("rare_normal.fspec", "--rare main:if.then2 --sampling qmc", "qmc", 2, err, sizeof err);
    run("rare_crash.fspec", "--rare main:if.then5", "crash", 2, err, sizeof err);
    ok(strstr(err, "the pilot's run") && strstr(err, "crashed (signal 11)"),
       "a crash in the pilot is named: %s", err);
    return done();
}
