/* tests/e2e/enumerate_counters-t.c: exact enumeration of paths, blocks per calling context and call sequences
 * against hand-computed means. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "binomial_tail.h"
#include "tap.h"
#include "e2e.h"
#include "counter_truths.h"
#include "path_checks.h"
#include "path_json.h"

/* An enumerated mean is a weighted sum of exact counts: equal to the truth but for
 * the rounding of a few hundred additions. */
#define ROUNDING 1e-12

/* Runs freqsys on SPEC with EXTRA options into NAME.json; the result, or NULL. */
static result *run(const char *spec, const char *extra, const char *name, char *json, size_t jsonlen) {
    char err[8192];
    snprintf(json, jsonlen, "%s/%s.json", tmp_dir(), name);
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/%s %s -q -o '%s'", spec, extra, json);
    if (!is_int(code, 0, "%s %s: exit status 0", spec, extra)) diag("%s", err);
    result *r = e2e_result(json, err, sizeof err);
    if (!r) diag("%s", err);
    return r;
}

static int exact_entry(const char *status, double half_width) {
    return !strcmp(status, "exact") && half_width == 0;
}

/* paths_finite.fspec past --max-paths 4: its functions' paths hashed and enumerated,
 * each the same as the counted path of the same id, to rounding. */
static void hashed_enumerated(void) {
    char counted_json[2048], hashed_json[2048];
    result *counted =
        run("paths_finite.fspec", "--paths", "paths-counted", counted_json, sizeof counted_json);
    result *r = run("paths_finite.fspec", "--paths --max-paths 4", "hashed", hashed_json, sizeof hashed_json);
    ok(r && !strcmp(r->sampling, "enumerated") && r->trials == 1024,
       "hashed paths: enumerated in 1024 runs (%s)", r ? r->sampling : "?");
    static const double arm[3] = {0.2, 0.5, 0.7};
    int right = r != NULL, same = counted != NULL, hashed = 0;
    for (size_t i = 0; r && i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        hashed += p->hashed;
        double truth = paths_c_truth(p, arm, 0.3);
        right &= truth >= 0 && fabs(p->mean - truth) <= ROUNDING && exact_entry(p->status, p->half_width);
        const result_path *q = NULL;
        for (size_t j = 0; counted && j < counted->npaths; j++)
            if (!strcmp(counted->paths[j].function, p->function) && counted->paths[j].id == p->id)
                q = &counted->paths[j];
        int alike = q && fabs(q->mean - p->mean) <= ROUNDING && fabs(q->stddev - p->stddev) <= ROUNDING &&
                    q->min == p->min && q->max == p->max && q->hits == p->hits && q->nblocks == p->nblocks;
        if (!alike) diag("%s #%llu: not as its counted twin", p->function, (unsigned long long)p->id);
        same &= alike;
    }
    ok(right && hashed == 8 + 5 + 6,
       "hashed paths: the 19 a run can take, each exact and its true count per run");
    ok(same, "...each with the mean, spread, extremes, hits and blocks of the counted path of its id");
    int covered = r != NULL;
    for (size_t f = 0; r && f < r->npath_functions; f++)
        if (r->path_functions[f].hashed)
            covered &= r->path_functions[f].unseen_bound == 0 && r->path_functions[f].trials == 1024 &&
                       strstr(r->path_functions[f].note, "every path a run can take is listed") != NULL;
    ok(covered, "...and each hashed function says none is left out (unseen bound 0)");
    ok(r && path_blocks_add_up(r, "three") && path_blocks_add_up(r, "loop") &&
           path_blocks_add_up(r, "dowhile"),
       "...each block's mean the sum of its hashed paths'");
    result_free(counted);
    result_free(r);
}

int main(void) {
    plan(27);
    char json[2048];

    /* paths.c with a, b, c, coin Bernoulli: 2^3 x 2^4 x 2^3 = 1024 combinations */
    result *r = run("paths_finite.fspec", "--paths", "paths", json, sizeof json);
    if (!ok(r != NULL, "paths: a result")) bail("no result");
    ok(!strcmp(r->sampling, "enumerated") && r->trials == 1024 && r->draws_per_run == 10,
       "paths: enumerated in 1024 runs of 10 draws (%s, %llu)", r->sampling, (unsigned long long)r->trials);
    static const double arm[3] = {0.2, 0.5, 0.7};
    int right = 1, exact = 1;
    size_t counted = 0;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        double truth = paths_c_truth(p, arm, 0.3);
        counted++;
        exact &= exact_entry(p->status, p->half_width);
        if (truth < 0 || fabs(p->mean - truth) > ROUNDING) {
            diag("%s #%llu: %.17g, truth %.17g", p->function, (unsigned long long)p->id, p->mean, truth);
            right = 0;
        }
    }
    is_int((long long)counted, 1 + 8 + 6 + 8, "paths: main() 1, three() 8, loop() 6, dowhile() 8");
    ok(right, "paths: every path's mean is its exact count per run");
    ok(exact, "paths: every path exact, half-width 0");
    ok(path_blocks_add_up(r, "three") && path_blocks_add_up(r, "loop") && path_blocks_add_up(r, "dowhile"),
       "paths: each block's mean is the sum of its paths' means");
    ok(path_json_complete(json), "paths: each JSON entry has function, id, blocks, mean, half_width, status");
    result_free(r);

    /* contexts.c: 10 x 2 x 2 = 40 combinations */
    r = run("contexts.fspec", "--contexts", "contexts", json, sizeof json);
    if (!ok(r != NULL, "contexts: a result")) bail("no result");
    ok(!strcmp(r->sampling, "enumerated") && r->trials == 40, "contexts: enumerated in 40 runs");
    right = 1;
    exact = 1;
    for (size_t t = 0; t < sizeof work_context_truths / sizeof *work_context_truths; t++) {
        const result_context *c = truths_find_context(r, work_context_truths[t].label);
        right &= c && c->nblocks == 7;
        for (int k = 0; right && k < 7; k++) {
            double truth = work_context_truth_of(&work_context_truths[t], k);
            exact &= exact_entry(c->blocks[k].status, c->blocks[k].half_width);
            if (strcmp(c->blocks[k].block, truths_work_blocks[k]) ||
                fabs(c->blocks[k].mean - truth) > ROUNDING) {
                diag("%s %s: %.17g, truth %.17g", work_context_truths[t].label, c->blocks[k].block,
                     c->blocks[k].mean, truth);
                right = 0;
            }
        }
    }
    ok(right, "contexts: work()'s blocks in each of its five contexts at their exact means");
    ok(exact, "...each exact, half-width 0");
    result_free(r);

    /* a call sequence: three calls, one of them warm-up; per counted call the
     * means of one call, E[n] = 3, P(flag) = 0.2 and P(n > 5) */
    r = run("enumerate_calls.fspec", "", "calls", json, sizeof json);
    if (!ok(r != NULL, "calls: a result")) bail("no result");
    ok(!strcmp(r->sampling, "enumerated") && r->trials == 10648 && r->draws_per_run == 6 && r->calls == 3,
       "calls: the 22^3 combinations of a trial's six draws enumerated (%s, %llu)", r->sampling,
       (unsigned long long)r->trials);
    double above5 = binomial_above(10, 0.3, 5);
    const result_block *body = e2e_block_at(r, "weighted", 6, "for.body");
    const result_block *flag = e2e_block_at(r, "weighted", 8, "if.then");
    const result_block *big = e2e_block_at(r, "weighted", 10, "if.then");
    ok(body && flag && big && fabs(body->mean - 3) <= ROUNDING && fabs(flag->mean - 0.2) <= ROUNDING &&
           fabs(big->mean - above5) <= ROUNDING && exact_entry(body->status, body->half_width),
       "calls: per counted call 3, 0.2 and %.15g exactly", above5);
    ok(body && body->max == 20 && body->min == 0,
       "calls: min and max are a trial's totals over its two counted calls");
    result_free(r);

    /* refusals: said, and sampled instead */
    r = run("enumerate_calls.fspec", "--sampling enumerate --enumerate-limit 1000", "limit", json,
            sizeof json);
    ok(r && !strcmp(r->sampling, "plain") && r->sampling_note && strstr(r->sampling_note, "more than 1000"),
       "calls over the limit: sampled, and why (%s)", r && r->sampling_note ? r->sampling_note : "?");
    result_free(r);
    hashed_enumerated();
    return done();
}
