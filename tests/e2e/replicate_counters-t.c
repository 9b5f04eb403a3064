/* tests/e2e/replicate_counters-t.c: replicate sampling (antithetic, stratified, qmc) of paths, hashed ones
 * too, blocks per calling context and call sequences against exact means. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "binomial_tail.h"
#include "tap.h"
#include "e2e.h"
#include "counter_truths.h"
#include "path_checks.h"
#include "path_json.h"

/* Every run below is --simultaneous at 99%: all of one run's intervals (blocks,
 * paths, blocks per context) hold their truths together with probability at least
 * 0.99, so a run's check of every mean against its truth fails by chance in at most
 * 1% of seeds; the seeds are fixed, so a failure is a 1% event or a bug. */

/* Runs freqsys on SPEC with EXTRA options into NAME.json (JSON, its path); the
 * result, or NULL. */
static result *run(const char *spec, const char *extra, const char *name, char *json, size_t jsonlen) {
    char err[8192];
    snprintf(json, jsonlen, "%s/%s.json", tmp_dir(), name);
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/%s %s --simultaneous -j 2 -q -o '%s'", spec,
                        extra, json);
    if (!is_int(code, 0, "%s %s: converges", spec, extra)) diag("%s", err);
    result *r = e2e_result(json, err, sizeof err);
    if (!r) diag("%s", err);
    return r;
}

static int within(const char *what, const char *label, const result_estimate *e, double truth) {
    int in = fabs(e->mean - truth) <= e->half_width;
    if (!in) diag("%s %s: %.6f ± %.6f, truth %.6f", what, label, e->mean, e->half_width, truth);
    return in;
}

/* paths.fspec under METHOD: every path within its half-width of its truth. */
static void paths_under(const char *method, uint32_t runs) {
    char json[2048], extra[128];
    snprintf(extra, sizeof extra, "--paths --sampling %s", method);
    result *r = run("paths.fspec", extra, method, json, sizeof json);
    ok(r && !strcmp(r->sampling, method) && r->runs_per_trial == runs && r->npaths == 1 + 8 + 6 + 8,
       "paths, %s: replicates of %u runs, 23 paths", method, runs);
    static const double arm[3] = {0.2, 0.5, 0.7};
    int all = r != NULL, settled = r != NULL;
    for (size_t i = 0; r && i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        double truth = paths_c_truth(p, arm, 0.3);
        all &= truth >= 0 && path_within(p, truth);
        settled &= p->half_width <= r->epsilon + 1e-12 || !strcmp(p->status, "constant");
    }
    ok(all, "paths, %s: every path's mean within its half-width of its exact count per run", method);
    ok(settled && r && r->converged, "...every path settled to epsilon %g", r ? r->epsilon : NAN);
    ok(r && path_blocks_add_up(r, "three") && path_blocks_add_up(r, "loop") &&
           path_blocks_add_up(r, "dowhile"),
       "...each block's mean the sum of its paths' means, per run");
    ok(path_json_complete(json), "...each JSON entry with function, id, blocks, mean, half_width, status");
    result_free(r);
}

/* Whether P's per-run spread is that of a count of 0 or 1 with P's mean over N runs:
 * sd^2 = m (1 - m) n / (n - 1), exactly so for the runs' own tally, never for the
 * replicates' totals, which reach up to K. */
static int spread_of_runs(const result_path *p, uint64_t n) {
    double m = p->mean, want = sqrt(m * (1 - m) * (double)n / (double)(n - 1));
    int same = fabs(p->stddev - want) <= 1e-9 + 1e-6 * want;
    if (!same)
        diag("%s #%llu: stddev %.9f, a run's 0-or-1 %.9f", p->function, (unsigned long long)p->id, p->stddev,
             want);
    return same;
}

/* paths.fspec past --max-paths 4 under METHOD: every function's paths hashed,
 * replicated as blocks are, judged on replicate totals and reported per run. */
static void hashed_under(const char *method, uint32_t runs) {
    char json[2048], one_job[2048], extra[128], name[64], err[8192];
    snprintf(extra, sizeof extra, "--paths --max-paths 4 --sampling %s", method);
    snprintf(name, sizeof name, "hashed-%s", method);
    result *r = run("paths.fspec", extra, name, json, sizeof json);
    static const double arm[3] = {0.2, 0.5, 0.7};
    int all = r && !strcmp(r->sampling, method) && r->runs_per_trial == runs && r->runs == r->trials * runs;
    int hashed = all, settled = all, per_run = all, threes = 0;
    uint64_t three_hits = 0;
    for (size_t i = 0; r && i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        double truth = paths_c_truth(p, arm, 0.3);
        all &= truth >= 0 && path_within(p, truth);
        hashed &= p->hashed || !strcmp(p->function, "main");
        settled &= (p->half_width <= r->epsilon + 1e-12 && !strcmp(p->status, "converged")) ||
                   !strcmp(p->status, "constant");
        if (strcmp(p->function, "three")) continue;
        threes++;
        three_hits += p->hits;
        per_run &= p->max == 1 && p->min == 0 && spread_of_runs(p, r->runs);
    }
    ok(all && hashed && threes == 8,
       "hashed paths, %s: replicates of %u runs, each path hashed and within its half-width of its truth",
       method, runs);
    ok(settled && r && r->converged, "...each settled to epsilon %g on its proven bound",
       r ? r->epsilon : NAN);
    ok(per_run && r && three_hits == r->runs,
       "...their spread, extremes and hits a run's: each run takes one of three's paths once");
    ok(r && path_blocks_add_up(r, "three") && path_blocks_add_up(r, "loop") &&
           path_blocks_add_up(r, "dowhile"),
       "...each block's mean the sum of its hashed paths' means, per run");
    snprintf(one_job, sizeof one_job, "%s/%s-1.json", tmp_dir(), name);
    int rc = e2e_runf(err, sizeof err, "run tests/e2e/programs/paths.fspec %s --simultaneous -j 1 -q -o '%s'",
                      extra, one_job);
    ok(rc == 0 && e2e_same_json(json, one_job), "...one worker gives the same result, byte for byte");
    result_free(r);
}

/* contexts.fspec under METHOD: work()'s blocks in each context within their
 * half-widths of their truths. */
static void contexts_under(const char *method) {
    char json[2048], extra[128], name[64];
    snprintf(extra, sizeof extra, "--contexts --sampling %s", method);
    snprintf(name, sizeof name, "contexts-%s", method);
    result *r = run("contexts.fspec", extra, name, json, sizeof json);
    int all = r && !strcmp(r->sampling, method);
    for (size_t t = 0; all && t < sizeof work_context_truths / sizeof *work_context_truths; t++) {
        const result_context *c = truths_find_context(r, work_context_truths[t].label);
        all &= c && c->nblocks == 7;
        for (int k = 0; all && k < 7; k++)
            all &= !strcmp(c->blocks[k].block, truths_work_blocks[k]) &&
                   within(work_context_truths[t].label, c->blocks[k].block, &c->blocks[k].estimate,
                          work_context_truth_of(&work_context_truths[t], k));
    }
    ok(all, "contexts, %s: work()'s blocks in its five contexts within their half-widths of the truths",
       method);
    result_free(r);
}

int main(void) {
    plan(41);
    static const char *const methods[3] = {"antithetic", "stratified", "qmc"};
    static const uint32_t runs[3] = {2, 8, 16};
    for (int m = 0; m < 3; m++) paths_under(methods[m], runs[m]);
    contexts_under("stratified");
    contexts_under("qmc");

    /* auto weighs the paths with the blocks in its pilot and may pick replicates for them */
    char json[2048];
    result *r = run("paths.fspec", "--paths", "auto", json, sizeof json);
    static const double arm[3] = {0.2, 0.5, 0.7};
    int all = r && r->sampling_note && !strncmp(r->sampling_note, "auto: ", 6) && r->npaths == 1 + 8 + 6 + 8;
    for (size_t i = 0; all && i < r->npaths; i++) {
        double truth = paths_c_truth(&r->paths[i], arm, 0.3);
        all &= truth >= 0 && path_within(&r->paths[i], truth);
    }
    ok(all, "paths, auto (%s): chosen by the pilot, every path within its half-width of its truth",
       r && r->sampling ? r->sampling : "?");
    result_free(r);

    /* a call sequence (three calls, one warm-up) in antithetic pairs: per counted call */
    r = run("enumerate_calls.fspec", "--sampling antithetic -g 0.99", "calls", json, sizeof json);
    double above5 = binomial_above(10, 0.3, 5);
    const result_block *body = e2e_block_at(r, "weighted", 6, "for.body");
    const result_block *flag = e2e_block_at(r, "weighted", 8, "if.then");
    const result_block *big = e2e_block_at(r, "weighted", 10, "if.then");
    ok(r && !strcmp(r->sampling, "antithetic") && r->calls == 3 && r->runs_per_trial == 2,
       "calls: antithetic pairs of call sequences");
    ok(body && flag && big && within("calls", "for.body", &body->estimate, 3) &&
           within("calls", "if.then", &flag->estimate, 0.2) &&
           within("calls", "if.then (n > 5)", &big->estimate, above5),
       "calls: per counted call, within their half-widths of 3, 0.2 and %.6f", above5);
    ok(body && body->half_width <= 0.05 + 1e-12,
       "calls: the loop body settled to the spec's epsilon per call (%.4f)", body ? body->half_width : NAN);
    result_free(r);

    hashed_under("stratified", 8);
    hashed_under("antithetic", 2);

    /* auto keeps plain sampling past --max-paths: Newton's blocks favour qmc, under
     * which its hashed round path, resting on its proven range, needs 15x the runs */
    char err[8192];
    snprintf(json, sizeof json, "%s/newton-hashed.json", tmp_dir());
    int rc =
        e2e_runf(err, sizeof err,
                 "run examples/newton/newton.fspec -e 0.002 --paths --max-paths 2 -j 2 -q -o '%s'", json);
    r = rc == 0 ? e2e_result(json, err, sizeof err) : NULL;
    ok(r && !strcmp(r->sampling, "plain") && r->runs_per_trial == 1,
       "hashed paths, auto: plain sampling kept (%s)", r ? r->sampling : err);
    result_free(r);
    return done();
}
