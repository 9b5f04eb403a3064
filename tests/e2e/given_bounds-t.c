/* tests/e2e/given_bounds-t.c: bounds from the spec and the code: reads that cannot fail, read and chosen
 * limits, caps. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* A block's bound per run, and the cap it rests on (NULL: the code alone proves it). */
typedef struct bound {
    const char *function;
    int line;
    const char *prefix;
    double max_runs;
    const char *cap;
} bound;

static void program_mode(void) {
    static const bound want[] = {
        {"main", 24, "if.then", 0, NULL},              /* scanf cannot fail: never entered */
        {"read_count", 16, "if.then", 0, NULL},        /* the same in a called function */
        {"main", 25, "for.cond", 100, NULL},           /* i < n, n ~ uniform_int(0, 99) */
        {"main", 26, "for.body", 99, NULL},            /* once per pass */
        {"main", 28, "for.cond", 21, NULL},            /* j = m .. 1, m ~ truncated(poisson(4), 0, 20) */
        {"main", 32, "for.cond", 201, NULL},           /* k is 200 or 1 */
        {"main", 35, "for.cond", 11, NULL},            /* i < sizeof a / sizeof a[0] */
        {"main", 38, "while.cond", 201, "given.c:38"}, /* cap given.c:38 200: its test 201 times */
        {"main", 39, "while.body", 201, "given.c:38"},
        {"collatz", 6, "while.cond", 300, "collatz"}, /* cap collatz 300, called once */
        {"collatz", 5, "entry", 1, NULL},             /* the code proves less than the cap */
    };
    size_t n = sizeof want / sizeof want[0];
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/given.fspec --sampling plain -q -j 2 -o \"$TMPDIR/given.json\"", err,
                sizeof err);
    if (!is_int(code, 0, "given.fspec runs and settles without a global cap")) diag("%s", err);
    result *r = e2e_result(tmp_path("given.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, want[i].function, want[i].line, want[i].prefix);
        int same = b && b->max_runs == want[i].max_runs &&
                   (want[i].cap ? b->cap && !strcmp(b->cap, want[i].cap) : !b->cap);
        ok(same, "%s line %d %s: at most %g per run (%s; got %g, %s)", want[i].function, want[i].line,
           want[i].prefix, want[i].max_runs, want[i].cap ? want[i].cap : "proven", b ? b->max_runs : -1.0,
           b && b->cap ? b->cap : "proven");
    }
    const result_block *fail = e2e_block_at(r, "main", 24, "if.then");
    ok(fail && !strcmp(fail->method, "exact") && fail->mean == 0 && fail->basis &&
           !strcmp(fail->basis, "proven"),
       "the scanf failure branch: exact 0, proven, not a rare block");
    result_free(r);
    unlink(tmp_path("given.json"));
}

static void function_mode(void) {
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/given_function.fspec --sampling plain -q -j 2 -o \"$TMPDIR/fn.json\"",
                err, sizeof err);
    if (!is_int(code, 0, "function mode runs")) diag("%s", err);
    result *r = e2e_result(tmp_path("fn.json"), err, sizeof err);
    const result_block *fail = e2e_block_at(r, "read_count", 16, "if.then");
    ok(fail && fail->max_runs == 0 && !strcmp(fail->method, "exact") && fail->mean == 0,
       "function mode: the scanf failure branch is exact 0 too");
    result_free(r);
    unlink(tmp_path("fn.json"));
}

/* A real draw read into an int is truncated toward zero: uniform(-3, -0.5) gives up to 0. */
static void truncated_reads(void) {
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/trunc_read.fspec -s 1 -q -j 2 -o \"$TMPDIR/trunc.json\"", err,
                       sizeof err);
    if (!is_int(code, 0, "trunc_read.fspec settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("trunc.json"), err, sizeof err);
    const result_block *test = r ? e2e_block_at(r, "main", 8, "for.cond") : NULL;
    ok(test && test->max_runs == 6 && test->max == 6,
       "i from -5 while i < n, n <= 0: the test runs at most 6 "
       "times, as seen (got %g, seen %llu)",
       test ? test->max_runs : -1.0, test ? (unsigned long long)test->max : 0ULL);
    result_free(r);
    unlink(tmp_path("trunc.json"));
}

/* A path's bound is its rarest block's, and a block's in a context is the block's:
 * where those rest on a cap, the path and the context's block name it too. */
static void caps_on_paths_and_contexts(void) {
    char err[4096];
    int code = e2e_run("run examples/newton/newton.fspec --paths --contexts -q -j 2 -o \"$TMPDIR/nc.json\"",
                       err, sizeof err);
    is_int(code, 0, "newton with --paths --contexts settles");
    result *r = e2e_result(tmp_path("nc.json"), err, sizeof err);
    int path_named = 0, path_wrongly = 0, context_named = 0;
    for (size_t i = 0; r && i < r->npaths; i++) {
        int through_body = 0;
        for (size_t k = 0; k < r->paths[i].nblocks; k++)
            through_body |= !strcmp(r->paths[i].blocks[k], "while.body");
        if (through_body && r->paths[i].cap && !strcmp(r->paths[i].cap, "newton.c:9")) path_named = 1;
        if (!through_body && r->paths[i].cap) path_wrongly = 1;
    }
    for (size_t c = 0; r && c < r->ncontexts; c++)
        for (size_t k = 0; k < r->contexts[c].nblocks; k++)
            if (!strcmp(r->contexts[c].blocks[k].block, "while.body") && r->contexts[c].blocks[k].cap &&
                !strcmp(r->contexts[c].blocks[k].cap, "newton.c:9") &&
                !strcmp(r->contexts[c].blocks[k].basis, "cap"))
                context_named = 1;
    ok(path_named && !path_wrongly,
       "the path through the capped loop names cap newton.c:9, no other path a cap");
    ok(context_named, "the loop's body in its context names the cap it rests on");
    result_free(r);
    unlink(tmp_path("nc.json"));
}

static void text_names_the_cap(void) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run tests/e2e/programs/given.fspec -j 2 2>/dev/null",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL);
    FILE *p = popen(cmd, "r");
    char line[512];
    int named = 0, exact = 0;
    while (p && fgets(line, sizeof line, p)) {
        if (strstr(line, "while.cond") && strstr(line, "given.c:38  ") && strstr(line, "(cap given.c:38)"))
            named = 1;
        if (strstr(line, "if.then") && strstr(line, "given.c:24") && strstr(line, "exact: proven")) exact = 1;
    }
    if (p) pclose(p);
    ok(named, "the text names the cap a loop's bound rests on: (cap given.c:38)");
    ok(exact, "...and reports the failure branch as exact");
}

static void errors(void) {
    static const char base[] = "program \"" FREQSYS_SOURCE_DIR "/tests/e2e/programs/given.c\"\n"
                               "n ~ uniform_int(0, 9)\nm ~ constant(1)\nu ~ uniform(0, 1)\n"
                               "epsilon 0.5\nconfidence 0.95\n";
    char text[1024], err[4096];
    snprintf(text, sizeof text, "%scap nosuch 4\n", base);
    int code = e2e_check_spec(text, err, sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:7:5: error: cap 'nosuch': the program defines no function 'nosuch'"),
       "a cap of a function the program lacks: exit 2 at the cap's line and column");
    if (code != 2) diag("%d %s", code, err);
    ok(!strstr(err, "did you mean"), "...with no suggestion when no function's name is near");
    snprintf(text, sizeof text, "%scap mian 4\n", base);
    code = e2e_check_spec(text, err, sizeof err);
    ok(code == 2 && strstr(err, "the program defines no function 'mian'; did you mean 'main'?"),
       "a cap of a misspelt function: the function the program defines that was meant");
    if (code != 2) diag("%d %s", code, err);
    snprintf(text, sizeof text, "%scap given.c:37 4\n", base);
    code = e2e_check_spec(text, err, sizeof err);
    ok(code == 2 &&
           strstr(err,
                  "bad.fspec:7:5: error: cap 'given.c:37': no loop has its header at line 37 of given.c"),
       "a cap at a line without a loop: exit 2 at the cap's line and column");
    if (code != 2) diag("%d %s", code, err);
    snprintf(text, sizeof text, "%scap given.c:38 4\n", base);
    code = e2e_check_spec(text, err, sizeof err);
    ok(code == 0, "check accepts the cap at the loop's line");
    if (code != 0) diag("%s", err);
}

/* Reals converted to trips: (int)(10 y) with y ~ uniform(0, 2.5) is at most 25, and
 * (long)x with x ~ exponential(0.1) is held to a level by its tail; (int)(y * y), a
 * product of two unknowns, stays unbounded. */
static void real_conversions(void) {
    char err[4096];
    e2e_run("run tests/e2e/programs/real_limits.fspec -n 2000 -q -j 2 -o \"$TMPDIR/real.json\"", err,
            sizeof err);
    result *r = e2e_result(tmp_path("real.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) {
        diag("%s", err);
        return;
    }
    const result_block *scaled = e2e_block_at(r, "main", 10, "for.body");
    const result_block *tail = e2e_block_at(r, "main", 12, "for.body");
    const result_block *product = e2e_block_at(r, "main", 14, "for.body");
    ok(scaled && scaled->max_runs == 25 && scaled->tail_mass == 0,
       "(int)(10 y), y ~ uniform(0, 2.5): at most 25 per run, proven (got %g)",
       scaled ? scaled->max_runs : -1.0);
    /* E[(floor x - L)^+] = sum over k > L of P(x >= k) = e^(-0.1 (L + 1)) / (1 - e^-0.1) */
    double excess = tail ? exp(-0.1 * (tail->max_runs + 1)) / -expm1(-0.1) : NAN;
    ok(tail && !isnan(tail->max_runs) && tail->tail_mass > 0 && tail->tail_mass <= 0.025 &&
           excess <= tail->tail_mass,
       "(long)x, x ~ exponential(0.1): at most %g outside a tail of %.3g, over the true excess %.3g",
       tail ? tail->max_runs : -1.0, tail ? tail->tail_mass : -1.0, excess);
    ok(product && isnan(product->max_runs), "(int)(y * y): no bound");
    result_free(r);
    /* the near miss: under -ffast-math the product may be contracted or reassociated */
    e2e_run("run tests/e2e/programs/real_limits_fast.fspec -n 2000 -q -j 2 -o \"$TMPDIR/real.json\"", err,
            sizeof err);
    r = e2e_result(tmp_path("real.json"), err, sizeof err);
    scaled = r ? e2e_block_at(r, "main", 10, "for.body") : NULL;
    ok(scaled && isnan(scaled->max_runs), "(int)(10 y) under -ffast-math: no bound");
    result_free(r);
    unlink(tmp_path("real.json"));
}

int main(void) {
    plan(2 + 11 + 1 + 2 + 2 + 2 + 3 + 5 + 5);
    program_mode();
    function_mode();
    truncated_reads();
    caps_on_paths_and_contexts();
    text_names_the_cap();
    errors();
    real_conversions();
    return done();
}
