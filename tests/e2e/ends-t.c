/* tests/e2e/ends-t.c: constructors, destructors and atexit handlers are part of every run, and counted. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* tests/e2e/programs/ends.c under x ~ uniform_int(0, 9): each function's blocks run
 * once in every run that gets to it, and its `if` only in the C library's order.
 * The constructors run in every run; the handlers and the destructors in the 9 of
 * 10 that end by exit() (x < 2) or main's return, not by _exit() (x == 9). */
typedef struct truth {
    const char *function;
    double mean; /* of each of its blocks */
} truth;
static const truth ends[] = {
    {"early", 1},       {"later", 1},    {"registered_second", 0.9}, {"registered_first", 0.9},
    {"from_ctor", 0.9}, {"undone", 0.9}, {"undone_last", 0.9},
};
#define NENDS (sizeof ends / sizeof ends[0])

/* main: its blocks at line 38 run always (the constructors ran first), the exit()
 * at line 41 for x < 2, the _exit() at line 42 for x == 9, the return at 43 else. */
typedef struct in_main {
    int line;
    const char *prefix;
    double mean;
} in_main;
static const in_main mains[] = {
    {38, "entry", 1}, {38, "if.then", 1}, {41, "if.then", 0.2}, {42, "if.then", 0.1}, {43, "if.end", 0.7}};
#define NMAINS (sizeof mains / sizeof mains[0])

static result *run(const char *args) {
    char err[4096];
    int code = e2e_runf(err, sizeof err,
                        "run tests/e2e/programs/ends.fspec -q -j 2 -o \"$TMPDIR/ends.json\" %s", args);
    if (!is_int(code, 0, "%s: the run settles, exit 0", *args ? args : "enumerated")) diag("%s", err);
    result *r = e2e_result(tmp_path("ends.json"), err, sizeof err);
    if (!r) bail("%s", err);
    unlink(tmp_path("ends.json"));
    return r;
}

/* Every block of FUNCTION in R, as PASS judges it; 0 when it has none. */
static int each_block(const result *r, const char *function, double mean,
                      int (*pass)(const result *, const result_block *, double)) {
    int n = 0, all = 1;
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function)) {
            n++;
            if (!pass(r, &r->blocks[i], mean)) {
                all = 0;
                diag("%s %s: %s %.6f ± %.6f, max_runs %g", function, r->blocks[i].block, r->blocks[i].status,
                     r->blocks[i].mean, r->blocks[i].half_width, r->blocks[i].max_runs);
            }
        }
    return n > 0 && all;
}

static int enumerated(const result *r, const result_block *b, double mean) {
    (void)r;
    return !strcmp(b->status, "exact") && fabs(b->mean - mean) <= 1e-12;
}

/* Sampled: proven at most once per run, never 0; run once in every trial where the
 * truth is 1, else an interval that holds the truth. */
static int sampled(const result *r, const result_block *b, double mean) {
    if (b->max_runs != 1 || !strcmp(b->status, "not_converged")) return 0;
    if (mean == 1) return b->min == 1 && b->max == 1 && b->hits == r->trials;
    return fabs(b->mean - mean) <= b->half_width;
}

int main(void) {
    plan((int)(2 + NENDS + NMAINS + 1 + NENDS + 1));

    /* x has 10 values: every run once, each weighted 1/10, gives the exact means */
    result *r = run("");
    is_string(r->sampling, "enumerated", "...by enumeration of x's 10 values");
    for (size_t i = 0; i < NENDS; i++)
        ok(each_block(r, ends[i].function, ends[i].mean, enumerated), "...%s: every block exactly %g per run",
           ends[i].function, ends[i].mean);
    for (size_t i = 0; i < NMAINS; i++) {
        const result_block *b = e2e_block_at(r, "main", mains[i].line, mains[i].prefix);
        ok(b && enumerated(r, b, mains[i].mean), "...main line %d %s: exactly %g per run", mains[i].line,
           mains[i].prefix, mains[i].mean);
    }
    result_free(r);

    r = run("--sampling plain -s 1");
    for (size_t i = 0; i < NENDS; i++)
        ok(each_block(r, ends[i].function, ends[i].mean, sampled),
           "...%s: every block proven at most once per run, and %g per run as sampled", ends[i].function,
           ends[i].mean);
    /* the constructors come back, so every run still enters main once */
    const result_block *entry = e2e_block_at(r, "main", 38, "entry");
    ok(entry && !strcmp(entry->method, "exact") && entry->mean == 1, "...main's entry is still exact 1");
    result_free(r);
    return done();
}
