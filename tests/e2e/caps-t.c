/* tests/e2e/caps-t.c: a cap the trials exceed fails the run, names itself and its largest count, and is an
 * outcome of its own; a cap that holds does not. */
/* SPDX-License-Identifier: MIT */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* caps.c: step's first loop, proven to test at most 31 times (line 9), runs 30
 * times when main takes the branch on line 23 (else 3), so its test runs 31 or 4
 * times; the second loop's test, on line 14 and unproven, runs 3 times in every run. */
#define FIRST_TEST  9
#define SECOND_TEST 14
#define BIG_BRANCH  23

/* Runs SPEC (in tests/e2e/programs) with ARGS to a JSON result, expecting exit WANT;
 * its stderr into ERR. */
static result *run(const char *spec, const char *args, int want, char *err, size_t errlen) {
    int code = e2e_runf(
        err, errlen, "run tests/e2e/programs/%s --sampling plain -q -j 2 -f json -o \"$TMPDIR/caps.json\" %s",
        spec, args);
    if (!is_int(code, want, "%s %s: exit %d", spec, args, want)) diag("%s", err);
    char why[1024];
    result *r = e2e_result(tmp_path("caps.json"), why, sizeof why);
    if (!r) bail("%s", why);
    return r;
}

static const result_outcome *outcome(const result *r, const char *name) {
    for (size_t i = 0; i < r->noutcomes; i++)
        if (!strcmp(r->outcomes[i].name, name)) return &r->outcomes[i];
    return NULL;
}

/* The trials past a cap are exactly those that took the branch to the long loop,
 * reported with their share and its exact two-sided Clopper-Pearson interval. */
static void outcome_reported(const result *r) {
    const result_outcome *x = outcome(r, "cap_exceeded");
    const result_block *branch = e2e_block_at(r, "main", BIG_BRANCH, "if.then");
    ok(x && branch && branch->hits > 0 && x->trials == branch->hits,
       "...cap_exceeded is the %llu trials that ran the long loop (%llu)", branch ? branch->hits : 0ull,
       x ? x->trials : 0ull);
    /* the exact interval: beta quantiles (0 < k < n here) */
    double n = (double)r->trials, k = x ? (double)x->trials : 0, alpha = 1 - r->confidence;
    int inside = k > 0 && k < n;
    double low = inside ? gsl_cdf_beta_Pinv(alpha / 2, k, n - k + 1) : NAN;
    double high = inside ? gsl_cdf_beta_Pinv(1 - alpha / 2, k + 1, n - k) : NAN;
    ok(x && inside && x->share == k / n && fabs(x->low - low) <= 1e-9 && fabs(x->high - high) <= 1e-9,
       "...with its share %.4f and its interval [%.4f, %.4f] (exact: [%.4f, %.4f])", x ? x->share : NAN,
       x ? x->low : NAN, x ? x->high : NAN, low, high);
    const result_outcome *returned = outcome(r, "returned");
    ok(returned && x && returned->trials + x->trials == r->trials, "...and the rest returned");
}

/* R names BOUND as exceeded by step's first loop test, 31 times against LIMIT. */
static void names_cap(const result *r, const char *bound, unsigned long long limit) {
    const result_exceeded *x = r->nexceeded == 1 ? &r->exceeded[0] : NULL;
    ok(x && !strcmp(x->bound, bound) && !strcmp(x->function, "step") && !strcmp(x->block, "for.cond") &&
           x->line == FIRST_TEST && x->max == 31 && x->limit == limit && !r->converged,
       "...the result names %s, exceeded by step for.cond: 31 against %llu", bound, limit);
}

/* The second loop's test, under CAP (NULL: the cap on every block): settled when
 * SETTLED, else open because the cap it rests on was exceeded. */
static void second_loop(const result *r, const char *cap, int settled) {
    const result_block *b = e2e_block_at(r, "step", SECOND_TEST, "for.cond");
    if (settled)
        ok(b && !b->cap_exceeded && !strcmp(b->status, "constant") && b->cap && !strcmp(b->cap, cap),
           "...the second loop's own cap holds: it settles on %s (%s)", cap, b ? b->status : "missing");
    else
        ok(b && b->cap_exceeded && !strcmp(b->status, "not_converged") && !strcmp(b->basis, "cap") &&
               (cap ? b->cap && !strcmp(b->cap, cap) : !b->cap),
           "...the second loop, which kept to the cap it rests on, is not settled on it (%s)",
           b ? b->status : "missing");
}

static void global_cap(void) {
    char err[4096];
    const char *line =
        "freqsys: error: --cap 20 was exceeded: a run executed step for.cond (caps.c:9) 31 times "
        "(bound 20 per run from the cap)";
    result *r = run("caps.fspec", "--cap 20", 1, err, sizeof err);
    ok(strstr(err, line) != NULL, "--cap 20: stderr says which cap, and the largest count");
    names_cap(r, "--cap 20", 20);
    outcome_reported(r);
    second_loop(r, NULL, 0);
    result_free(r);
    r = run("caps_global.fspec", "", 1, err, sizeof err);
    names_cap(r, "cap 20", 20);
    result_free(r);
}

static void function_cap(void) {
    char err[4096];
    result *r = run("caps_function.fspec", "", 1, err, sizeof err);
    ok(strstr(err,
              "freqsys: error: cap step 20 was exceeded: a run executed step for.cond (caps.c:9) 31 times "
              "(bound 20 per run from the cap)") != NULL,
       "cap step 20: stderr says which cap, and the largest count");
    names_cap(r, "cap step 20", 20);
    outcome_reported(r);
    second_loop(r, "step", 0);
    result_free(r);
}

static void loop_cap(void) {
    char err[4096];
    result *r = run("caps_loop.fspec", "", 1, err, sizeof err);
    const char *line =
        "cap caps.c:9 20 was exceeded: a run executed step for.cond (caps.c:9) 31 times (bound 21 "
        "per run from the cap)";
    ok(strstr(err, line) != NULL, "cap caps.c:9 20: stderr says which cap, and the largest count");
    names_cap(r, "cap caps.c:9 20", 21);
    outcome_reported(r);
    second_loop(r, "caps.c:14", 1);
    char *text = e2e_text(r), want[128];
    const result_outcome *x = outcome(r, "cap_exceeded");
    snprintf(want, sizeof want, ", cap_exceeded %llu (", x ? (unsigned long long)x->trials : 0ull);
    ok(strstr(text, line) && strstr(text, want) && strstr(text, "NOT CONVERGED") &&
           strstr(text, "not settled: it rests on cap caps.c:9, which a trial exceeded"),
       "...the text report names the cap, the outcome and the verdicts left open");
    free(text);
    result_free(r);
    int code = e2e_run("report \"$TMPDIR/caps.json\" --format csv -o \"$TMPDIR/caps.csv\"", err, sizeof err);
    FILE *f = fopen(tmp_path("caps.csv"), "r");
    char row[512];
    int found = 0;
    while (f && fgets(row, sizeof row, f)) found |= !strncmp(row, "(outcome),cap_exceeded,", 23);
    if (f) fclose(f);
    ok(code == 0 && found, "...and the CSV has a row for the outcome");
}

/* Caps the program keeps to, exactly (3 tests of the second loop under `cap
 * caps.c:14 2`, 31 of the first under `cap step 31` and `--cap 31`): no false alarm. */
static void held(void) {
    char err[4096];
    result *r = run("caps_held.fspec", "", 0, err, sizeof err);
    ok(r->converged && r->nexceeded == 0 && !outcome(r, "cap_exceeded") && !strstr(err, "exceeded"),
       "caps that hold: converged, no cap exceeded, no such outcome");
    const result_block *b = e2e_block_at(r, "step", SECOND_TEST, "for.cond");
    ok(b && b->max == 3 && !b->cap_exceeded && !strcmp(b->status, "constant") && !strcmp(b->basis, "cap") &&
           b->range == 3,
       "...the second loop's test, 3 times in every run, settles on its cap of 3 (%s)",
       b ? b->status : "missing");
    result_free(r);
    r = run("caps.fspec", "--cap 31", 0, err, sizeof err);
    ok(r->converged && r->nexceeded == 0 && !outcome(r, "cap_exceeded"),
       "--cap 31: converged, nothing exceeded");
    result_free(r);
}

/* Under replicate sampling a run of a replicate is checked alone. */
static void replicates(void) {
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/caps_loop.fspec --sampling antithetic -q -j 2 -f json "
                       "-o \"$TMPDIR/caps.json\"",
                       err, sizeof err);
    result *r = e2e_result(tmp_path("caps.json"), err, sizeof err);
    if (!r) bail("%s", err);
    ok(code == 1 && outcome(r, "cap_exceeded"), "antithetic sampling: exit 1, replicates past the cap");
    names_cap(r, "cap caps.c:9 20", 21);
    result_free(r);
}

int main(void) {
    plan(9 + 7 + 9 + 5 + 2);
    global_cap();
    function_cap();
    loop_cap();
    held();
    replicates();
    return done();
}
