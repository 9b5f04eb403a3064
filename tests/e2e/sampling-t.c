/* tests/e2e/sampling-t.c: antithetic, stratified and qmc sampling: per-run answers against closed forms,
 * determinism, refusals. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Runs tests/e2e/programs/sampling.fspec with OPTIONS into NAME.json; the result, or NULL. */
static result *run(const char *options, const char *name) {
    char err[4096], path[64];
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/sampling.fspec %s -q -o \"$TMPDIR/%s.json\"",
                        options, name);
    if (!is_int(code, 0, "%s: runs and settles", options)) diag("%s", err);
    snprintf(path, sizeof path, "%s.json", name);
    result *r = e2e_result(tmp_path(path), err, sizeof err);
    if (!r) diag("%s", err);
    return r;
}

/* The method's answers hold the closed forms, it says what it did, and it reports
 * a variance ratio (above FLOOR) for the loop. */
static void method(const char *options, const char *name, const char *want, uint64_t runs, double floor) {
    result *r = run(options, name);
    if (!r) {
        ok(0, "%s: a result", options);
        ok(0, "%s: the loop", options);
        ok(0, "%s: the branch", options);
        return;
    }
    ok(r->sampling && !strcmp(r->sampling, want) && r->runs_per_trial == runs &&
           r->runs == r->trials * runs && r->converged,
       "%s: sampling %s, %llu runs a trial, %llu runs in all", options, r->sampling ? r->sampling : "?",
       (unsigned long long)r->runs_per_trial, (unsigned long long)r->runs);
    const result_block *body = e2e_block_at(r, "main", 11, "for.body");
    const result_block *branch = e2e_block_at(r, "main", 13, "if.then");
    ok(body && fabs(body->mean - 9.5) <= body->half_width && body->half_width <= 0.02 &&
           (isnan(floor) || body->variance_ratio > floor),
       "%s: loop body %.4f ± %.4f holds 9.5 (variance ratio %.3g)", options, body ? body->mean : NAN,
       body ? body->half_width : NAN, body ? body->variance_ratio : NAN);
    ok(branch && fabs(branch->mean - 0.25) <= branch->half_width && branch->half_width <= 0.02,
       "%s: branch %.4f ± %.4f holds 0.25", options, branch ? branch->mean : NAN,
       branch ? branch->half_width : NAN);
    result_free(r);
}

int main(void) {
    plan(24);
    method("--sampling plain", "plain", "plain", 1, NAN);
    /* floor(x) + floor(20 - x) = 19: the pairs' loop totals do not vary at all */
    method("--sampling antithetic", "antithetic", "antithetic", 2, NAN);
    /* one dimension, monotone counts: stratification and Sobol points cut the
     * variance by far more than 2 (the loop's, a step function of x) */
    method("--sampling stratified", "stratified", "stratified", 8, 2);
    method("--sampling qmc --points 32", "qmc", "qmc", 32, 2);

    /* the same seed, the same result for any number of workers */
    result *r = run("--sampling qmc -j 1", "qmc1");
    result_free(r);
    r = run("--sampling qmc -j 3", "qmc3");
    result_free(r);
    ok(e2e_same_json(tmp_path("qmc1.json"), tmp_path("qmc3.json")), "qmc: the same JSON with -j 1 and -j 3");
    r = run("--sampling stratified -j 1", "st1");
    result_free(r);
    r = run("--sampling stratified -j 2", "st2");
    result_free(r);
    ok(e2e_same_json(tmp_path("st1.json"), tmp_path("st2.json")),
       "stratified: the same JSON with -j 1 and -j 2");

    char err[2048];
    is_int(e2e_run("run tests/e2e/programs/sampling.fspec --points 8", err, sizeof err), 2,
           "--points without stratified or qmc: a usage error");
    is_int(e2e_run("run tests/e2e/programs/sampling.fspec --sampling qmc --method paper", err, sizeof err), 2,
           "--sampling qmc with --method paper: a usage error");
    return done();
}
