/* tests/e2e/verdicts-t.c: no verdict on an assumed range; a relative epsilon's floor settles a block never
 * run. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* The exact mean of each block of rare_large.c: u ~ uniform(0, 1); 200 loop runs
 * when u < 0.003, one when u < 0.5015, else none: 0.003 200 + 0.4985 = 1.0985. */
typedef struct truth {
    int line;
    const char *prefix;
    double mean;
} truth;
static const truth truths[] = {
    {10, "entry", 1},          {10, "if.then", 0},  {11, "if.end", 1},        {11, "cond.true", 0.003},
    {11, "cond.false", 0.997}, {11, "cond.end", 1}, {13, "for.cond", 2.0985}, {14, "for.body", 1.0985},
    {13, "for.inc", 1.0985},   {15, "for.end", 1},  {17, "return", 1},
};
#define NTRUTHS (sizeof truths / sizeof truths[0])

static result *run(const char *args, int want, const char *what) {
    char err[4096];
    int code = e2e_runf(err, sizeof err,
                        "run tests/e2e/programs/rare_large.fspec -q -j 2 "
                        "-o \"$TMPDIR/verdicts.json\" %s",
                        args);
    if (!is_int(code, want, "%s: exit %d", what, want)) diag("%s", err);
    result *r = e2e_result(tmp_path("verdicts.json"), err, sizeof err);
    if (!r) bail("%s", err);
    unlink(tmp_path("verdicts.json"));
    return r;
}

/* No cap: the loop has no range, so it is not settled however tight its interval. */
static void without_cap(void) {
    result *r = run("--sampling plain -s 1", 1, "the rare large count without a cap");
    const result_block *body = e2e_block_at(r, "main", 14, "for.body");
    ok(body && !strcmp(body->status, "not_converged") && !strcmp(body->basis, "plug_in") &&
           isfinite(body->half_width) && isnan(body->range),
       "...the loop body is not converged, with an asymptotic interval %.4f ± %.4f", body ? body->mean : NAN,
       body ? body->half_width : NAN);
    ok(r->gave_up && !r->converged, "...the run gives up rather than spend its budget");
    char *text = e2e_text(r);
    char most[160];
    snprintf(most, sizeof most,
             "asymptotic only: no bound on its count (at most %llu in one trial so far); bound",
             body ? (unsigned long long)body->max : 0ULL);
    ok(body && body->max > 0 && strstr(text, most) != NULL &&
           strstr(text, "bound its loop (`cap FILE:LINE N`") != NULL &&
           strstr(text, "or its function (`cap main N`)") != NULL,
       "...the text says the interval is asymptotic, the most one trial ran it (%llu), and what would bound "
       "it, where it belongs",
       body ? (unsigned long long)body->max : 0ULL);
    ok(strstr(text, "ended early") && strstr(text, "`cap FILE:LINE N` (the most iterations") &&
           strstr(text, "main for.body (rare_large.c:14)") &&
           strstr(text, "`freqsys check --unbounded SPEC`"),
       "...and names the blocks and the cap at the end, and where to read why they have none");
    free(text);
    result_free(r);
}

/* With cap 201 every claim holds the exact mean within its half-width. */
static void with_cap(void) {
    result *r = run("--sampling plain -s 1 --cap 201", 0, "with cap 201");
    for (size_t i = 0; i < NTRUTHS; i++) {
        const result_block *b = e2e_block_at(r, "main", truths[i].line, truths[i].prefix);
        double hw = b && isfinite(b->half_width) ? b->half_width : 0;
        ok(b && strcmp(b->status, "not_converged") && fabs(b->mean - truths[i].mean) <= hw + 1e-12,
           "%s: %.4f ± %.4f holds %.4f (%s)", truths[i].prefix, b ? b->mean : NAN, hw, truths[i].mean,
           b ? b->status : "missing");
    }
    result_free(r);
}

/* A block that never runs: 0 is within 5% of its mean only if that is 0, so only a
 * floor settles it, and the text says to give one (not a cap). */
static void floors(void) {
    result *r = run("--sampling plain -s 2 --cap 201 -e 5%", 1, "epsilon 5%, a block never run");
    const result_block *never = e2e_block_at(r, "main", 10, "if.then");
    ok(never && !strcmp(never->status, "not_converged") && r->epsilon_floor == 0,
       "...stays open without a floor");
    char *text = e2e_text(r);
    ok(strstr(text, "add a floor: epsilon 5% + 0.001") && strstr(text, "(epsilon 5% + 0.001)"),
       "...and the text says to add a floor");
    free(text);
    result_free(r);
    r = run("--sampling plain -s 2 --cap 201 -e '5% + 0.01'", 0, "epsilon 5% + 0.01");
    never = e2e_block_at(r, "main", 10, "if.then");
    ok(never && !strcmp(never->status, "rare") && never->mean == 0 && r->epsilon_floor == 0.01,
       "...settles the block never run: rare, under the floor 0.01 read back");
    text = e2e_text(r);
    ok(strstr(text, "epsilon ±5% of the mean + 0.01,") != NULL, "...named in the header");
    free(text);
    result_free(r);
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/rare_large.fspec -e '5% + -1'", err, sizeof err);
    ok(code == 2 && strstr(err, "-e takes"), "-e '5%% + -1' is a usage error");
}

/* Under replicate sampling a trial totals K runs; the ranges shown are a run's. */
static void replicates(void) {
    result *r = run("--sampling stratified --points 8 -s 1 --cap 201", 0, "stratified, cap 201");
    const result_block *body = e2e_block_at(r, "main", 14, "for.body");
    ok(body && body->range == 201 && !strcmp(body->basis, "cap"), "...the loop's range is 201 per run (%g)",
       body ? body->range : NAN);
    char *text = e2e_text(r);
    ok(strstr(text, "assuming at most 201 executions per run (--cap)") != NULL, "...and the text says so");
    free(text);
    result_free(r);
    r = run("--sampling antithetic -s 1", 1, "antithetic, no cap");
    body = e2e_block_at(r, "main", 14, "for.body");
    ok(body && !strcmp(body->status, "not_converged") && isnan(body->range),
       "...the loop is open, with no range made of the most seen (%g)", body ? body->range : NAN);
    result_free(r);
}

/* The block whose need set the trials: the branch taken half the time, at epsilon
 * 0.01 about (1.96 x 0.5 / 0.01)^2 = 9,604 trials, where the blocks around it are
 * constant from the start. */
static void paced(void) {
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/paced.fspec -q -j 2 --sampling plain -o \"$TMPDIR/paced.json\"", err,
                sizeof err);
    if (!is_int(code, 0, "paced.fspec settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("paced.json"), err, sizeof err);
    const result_block *half = r ? e2e_block_at(r, "paced", 6, "if.then") : NULL;
    ok(half && r->paced_by == (size_t)(half - r->blocks) + 1,
       "the result names the branch taken half the time as the block that set the trials");
    result_free(r);
}

int main(void) {
    plan(5 + 1 + (int)NTRUTHS + 7 + 5 + 2);
    paced();
    without_cap();
    with_cap();
    floors();
    replicates();
    return done();
}
