/* tests/e2e/endless-t.c: a loop that never ends in 2% of runs is neither proven away nor exact 0. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* x ~ uniform_int(0, 999) in tests/e2e/programs/endless.c: x > 979 enters the loop at
 * line 7, which never ends, in 20 of 1000 runs. Such a run is killed at the timeout,
 * 50 ms of CPU time, which a run that returns, in microseconds, never nears. */
#define P_HANG 0.02

/* Runs the spec with ARGS; the result, and its exit status in *CODE. */
static result *run(const char *args, int *code) {
    char err[4096];
    *code = e2e_runf(err, sizeof err,
                     "run tests/e2e/programs/endless.fspec --sampling plain -q -j 2 "
                     "-o \"$TMPDIR/endless.json\" %s",
                     args);
    result *r = e2e_result(tmp_path("endless.json"), err, sizeof err);
    if (!r) bail("%s", err);
    unlink(tmp_path("endless.json"));
    return r;
}

static int is_method(const result_block *b, const char *method) {
    return b && b->method && !strcmp(b->method, method);
}

/* What holds whatever the trials drew: the entry runs once in every run, ended or
 * not; the branch into the loop at most once, and nothing bounds the loop. */
static void proofs(const result *r, const char *what) {
    const result_block *entry = e2e_block_at(r, "main", 6, "entry");
    const result_block *then = e2e_block_at(r, "main", 7, "if.then");
    const result_block *loop = e2e_block_at(r, "main", 7, "for.cond");
    const result_block *end = e2e_block_at(r, "main", 8, "if.end");
    ok(entry && is_method(entry, "exact") && entry->mean == 1 && entry->max_runs == 1,
       "%s: the entry is exact 1, as every run runs it", what);
    ok(then && then->max_runs == 1 && loop && isnan(loop->max_runs),
       "...the branch into the loop is proven at most once per run (got %g), the loop unbounded (got %g), "
       "never 0",
       then ? then->max_runs : NAN, loop ? loop->max_runs : NAN);
    ok(end && end->max_runs == 1 && !end->proven_once && !is_method(end, "exact"),
       "...the block after the if is at most once, not proven once (a run may never get there)");
}

int main(void) {
    plan(19);
    int code;

    /* Seed 2 draws no x > 979 in its first 30 trials: those alone cannot settle the
     * branch (P(reached) <= 0.116 > epsilon), and nothing claims it is 0. */
    result *r = run("-s 2 -n 30", &code);
    is_int(code, 1, "30 trials with no hang: the run exits 1, not 0");
    is_int((long long)r->timeouts, 0, "...and no trial timed out");
    proofs(r, "30 trials with no hang");
    const result_block *then = e2e_block_at(r, "main", 7, "if.then");
    const result_block *loop = e2e_block_at(r, "main", 7, "for.cond");
    ok(then && then->hits == 0 && !strcmp(then->status, "not_converged") && then->half_width >= P_HANG,
       "...the branch, never reached, is open, its bound %.4f holding the truth %g",
       then ? then->half_width : NAN, P_HANG);
    ok(loop && !strcmp(loop->status, "not_converged") && !is_method(loop, "exact"),
       "...the loop is open too, not exact 0 (%s)", loop ? loop->status : "?");
    result_free(r);

    /* Seeds 1 and 4 draw a hang after 30 trials (seed 1: the rule without the runs
     * that never end stopped there, exit 0) and within them (seed 4). */
    const char *seeds[] = {"-s 1", "-s 4"};
    for (int i = 0; i < 2; i++) {
        r = run(seeds[i], &code);
        is_int(code, 1, "%s: a trial is stuck in the loop: the run exits 1", seeds[i]);
        proofs(r, seeds[i]);
        then = e2e_block_at(r, "main", 7, "if.then");
        loop = e2e_block_at(r, "main", 7, "for.cond");
        const result_block *end = e2e_block_at(r, "main", 8, "if.end");
        double share = (double)r->timeouts / (double)r->trials;
        ok(r->timeouts > 0 && loop && !strcmp(loop->status, "unbounded") && loop->unbounded == r->timeouts,
           "...the loop is unbounded, still running in all %llu timed-out trials of %llu",
           (unsigned long long)r->timeouts, (unsigned long long)r->trials);
        ok(then && then->hits == r->timeouts && then->mean == share && end && end->mean == 1 - share &&
               then->half_width >= fabs(P_HANG - then->mean) &&
               end->half_width >= fabs(P_HANG - (1 - end->mean)),
           "...the branch %.4f and the block after %.4f count the timed-out trials, their bounds holding %g "
           "and %g",
           then ? then->mean : NAN, end ? end->mean : NAN, P_HANG, 1 - P_HANG);
        result_free(r);
    }
    return done();
}
