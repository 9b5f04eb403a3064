/* tests/e2e/loop_shapes-t.c: loop shapes whose bounds the transform proves, each checked against its exact
 * maximum and the trials, and near misses it must leave open. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* A loop test's bound per run (NAN: it must not be proven) and the most the trials can
 * show under loop_shapes.fspec's inputs (0: not checked, the seed need not reach it). */
typedef struct shape {
    const char *function;
    const char *prefix;
    double max_runs;
    unsigned long long reached;
} shape;

/* The tests of for (i = 0; i + 2 < len; i += 3) with len = LEN, counted by running it. */
static double triples_tests(int len) {
    double tests = 0;
    for (int i = 0;; i += 3) {
        tests++;
        if (!(i + 2 < len)) break;
    }
    return tests;
}

/* A block of duff.c: its bound per run (NAN: it must not be proven) and the most the
 * trials show (0: not checked). */
typedef struct down {
    int line;
    const char *prefix;
    double max_runs;
    unsigned long long reached;
    const char *why;
} down;

/* duff.c under `arg count ~ length(from)`, from 0 to 40 characters, and `arg back ~
 * uniform_int(-3, 5)`: loops that count down from a drawn argument, three of them
 * entered at several blocks by a switch. */
static const down downs[] = {
    {17, "do.cond", 5, 5, "Duff's device, --n > 0 from (count + 7) / 8: at most 5 tests"},
    {9, "do.body", 5, 5, "...and the block the switch enters for count % 8 == 0 as often"},
    {13, "sw.bb", 5, 5, "...and each other case's"},
    {24, "do.cond", 10, 10, "the same entered at four blocks, q-- > 0 from (count + 3) / 4 - 1"},
    {27, "while.cond", 41, 41, "while (i--), i unsigned from count: i != 0 with steps of 1 from 0 .. 40"},
    {28, "while.body", 40, 40, "...its body 40 times"},
    {32, "do.cond", 8, 8, "--j != 0 from count % 8 + 1, 1 .. 8"},
    {36, "do.cond", NAN, 256, "--k != 0 from back, which may be 0 or less: it wraps"},
    {41, "do.cond", NAN, 256, "...the same entered at two blocks"},
    {48, "do.cond", NAN, 514, "r = 2 set once, the loop entered 3 times: it wraps after the first"},
};

/* Runs duff.fspec and checks each row of downs[]: the proven bounds, and that the near
 * misses do run past what a rule without their condition would claim. */
static void down_counting(void) {
    size_t n = sizeof downs / sizeof downs[0];
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/duff.fspec --sampling plain -q -j 2 -o \"$TMPDIR/duff.json\"",
                       err, sizeof err);
    if (!is_int(code, 0, "duff.fspec runs and settles (cap 1000 for the near misses)")) diag("%s", err);
    result *r = e2e_result(tmp_path("duff.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "...and no block's trials exceed its bound");
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, "copy", downs[i].line, downs[i].prefix);
        double got = b ? b->max_runs : -1;
        ok(b && (isnan(downs[i].max_runs) ? isnan(got) : got == downs[i].max_runs),
           "duff.c line %d %s: %s, at most %g (got %g)", downs[i].line, downs[i].prefix, downs[i].why,
           downs[i].max_runs, got);
        ok(b && b->max == downs[i].reached, "...and the trials reach %llu (saw %llu)", downs[i].reached,
           b ? (unsigned long long)b->max : 0ULL);
    }
    result_free(r);
    unlink(tmp_path("duff.json"));
}

int main(void) {
    /* In each row the bound is the shape's exact maximum, or the product of per-entry
     * bounds for the nests (triangle, shifts: at m = 8 they test 35 times). */
    const shape want[] = {
        {"triples", "for.cond", triples_tests(20), 7}, /* len <= 20: i + 2 < len, step 3 */
        {"bytes", "for.cond", 256, 256},               /* r < an unsigned char: 255 passes */
        {"runs", "while.cond", 8, 8},                  /* flip() && run < 7 */
        {"strides", "while.cond", 9, 9},               /* n <= 8, steps 1 or 3 */
        {"countdown", "for.cond", 9, 9},               /* u from n <= 8 down to 0, unsigned */
        {"pairs", "for.cond3", 9, 9},                  /* k < e, e += 2 in 8 passes at most */
        {"triangle", "for.cond", 8, 8},                /* p < m - 1, m <= 8 */
        {"triangle", "for.cond1", 7 * 8, 35},          /* j < m - 1 - p: 8 tests in each of 7 */
        {"shifts", "for.cond1", 7 * 8, 35},            /* j from i - 1 (i < m: i - 1 <= 6) to 0 */
        {"waits", "for.cond", 16, 16},                 /* rand() % (1 << min(k, 4)): 15 passes */
        {"wraps", "for.cond", 9, 9},                   /* the outer loop is fine */
        {"halves", "while.cond", 8, 8},                /* 64 values: floor(log2 64) + 1 passes */
        {"euclid_rem", "while.cond", 6, 6},            /* r <= 8 = F(6): Lamé's 5 steps, as (5, 8) */
        {"euclid_sub", "while.cond", 6, 6},            /* the same with x - (x / r) * r */
        {"header_count", "for.cond3", 10, 10},         /* c++ in a header run 9 times: c <= 9 */
        {"thirds", "for.cond", 4, 4},                  /* i += 3 while i < n <= 8: ceil(8 / 3) + 1 */
        {"bytes_wide", "for.cond", NAN, 0},            /* an unsigned short limit: the char wraps */
        {"runs_skipped", "while.cond", NAN, 0},        /* the test on run is skipped on tails */
        {"strides_zero", "while.cond", NAN, 0},        /* a step of 0 */
        {"strides_back", "while.cond", NAN, 0},        /* a step of -1 */
        {"halved", "while.cond", NAN, 0},              /* i = i / 2 inside the loop */
        {"leaps", "for.cond", NAN, 0},                 /* i += 1 << 30 past 2147483000 wraps */
        {"wobble", "for.cond1", NAN, 0},               /* m - q, q stepped both ways */
        {"waits_unknown", "for.cond", NAN, 0},         /* % by a divisor read from memory */
        {"wraps", "do.body", NAN, 0},                  /* steps past the limit across entries */
        {"pairs_nested", "for.cond8", NAN, 0},         /* e counted in a loop entered 3 times */
        {"quarters", "while.cond", NAN, 0},            /* lo + (hi - lo) / 4: not halving */
        {"idles", "while.cond", NAN, 0},               /* a way round that stores neither end */
        {"halves_wide", "while.cond", NAN, 0},         /* lo + hi could overflow */
        {"euclid_same", "while.cond", NAN, 0},         /* the remainder kept in x as well */
        {"euclid_other", "while.cond", NAN, 0},        /* a remainder by r + 1 */
        {"euclid_plus", "while.cond", NAN, 0},         /* the remainder of x + 1 */
    };
    size_t n = sizeof want / sizeof want[0];
    size_t nd = sizeof downs / sizeof downs[0];
    plan((int)(3 + 2 * n + 2 + 3 + 2 * nd));
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/loop_shapes.fspec -q -j 2 -o \"$TMPDIR/loop_shapes.json\"",
                       err, sizeof err);
    if (!is_int(code, 0, "loop_shapes.fspec runs and settles (cap 100000 for the near misses)"))
        diag("%s", err);
    result *r = e2e_result(tmp_path("loop_shapes.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "no block's trials exceed its proven bound");
    for (size_t i = 0; i < n; i++) {
        const result_block *b = NULL;
        for (size_t j = 0; j < r->nblocks && !b; j++)
            if (!strcmp(r->blocks[j].function, want[i].function) &&
                !strcmp(r->blocks[j].block, want[i].prefix))
                b = &r->blocks[j];
        double got = b ? b->max_runs : -1;
        ok(b && (isnan(want[i].max_runs) ? isnan(got) : got == want[i].max_runs), "%s %s: %s (got %g)",
           want[i].function, want[i].prefix, isnan(want[i].max_runs) ? "not proven" : "proven", got);
        if (want[i].reached)
            ok(b && b->max == want[i].reached, "...and the trials reach %llu (saw %llu)", want[i].reached,
               b ? (unsigned long long)b->max : 0ULL);
        else
            ok(b != NULL, "...and it ran");
    }
    /* What a per-entry rule without the entry check would claim, 3 tests of the body
     * per entry for 8 entries, the trials exceed: the counter wraps. */
    const result_block *wrapped = NULL;
    for (size_t j = 0; j < r->nblocks && !wrapped; j++)
        if (!strcmp(r->blocks[j].function, "wraps") && !strcmp(r->blocks[j].block, "do.body"))
            wrapped = &r->blocks[j];
    ok(wrapped && wrapped->max > 3 * 8,
       "wraps: the do body runs %llu times, past 24: leaving it open was right",
       wrapped ? (unsigned long long)wrapped->max : 0ULL);
    /* and the halving rule's 8 tests, which a quarter point exceeds */
    const result_block *quarter = NULL;
    for (size_t j = 0; j < r->nblocks && !quarter; j++)
        if (!strcmp(r->blocks[j].function, "quarters") && !strcmp(r->blocks[j].block, "while.cond"))
            quarter = &r->blocks[j];
    ok(quarter && quarter->max > 8, "quarters: the test runs %llu times, past 8: leaving it open was right",
       quarter ? (unsigned long long)quarter->max : 0ULL);
    result_free(r);
    unlink(tmp_path("loop_shapes.json"));
    down_counting();
    return done();
}
