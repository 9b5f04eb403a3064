/* tests/e2e/across_calls-t.c: facts across calls and calls through pointers: what a caller passes bounds
 * its helpers' loops, a table's functions are bounded by the calls of their type, and near misses stay open.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

/* A block's most runs per run, stated (NAN: nothing may be proven), or taken from a
 * twin: the same loop written in the caller, whose bound the helper's must equal. */
typedef struct bound {
    const char *function;
    int line;
    const char *prefix;
    double max_runs;
    const char *twin_function;
    int twin_line;
    const char *twin_prefix;
    const char *why;
} bound;

/* across_calls.c under `arg s ~ string(uniform_int(0, 8), "ab")`, `arg len ~ length(s)` */
static const bound calls_want[] = {
    {"count_a", 9, "for.cond", 18, NULL, 0, NULL, "called twice with len <= 8: 2 x (8 + 1) tests"},
    {"count_a", 10, "for.body", 16, NULL, 0, NULL, "...and 2 x 8 passes: every copy counted"},
    {"count_a", 8, "entry", 2, NULL, 0, NULL, "two call sites"},
    {"skip_b", 17, "while.cond", NAN, "across_calls", 45, "while.cond",
     "a walk of the caller's string: its twin's bound"},
    {"skip_b", 17, "while.body", NAN, "across_calls", 45, "while.body", "...for each of its blocks"},
    {"sum_to", 24, "for.body", NAN, NULL, 0, NULL, "one call passes a volatile count: not proven"},
    {"sum_to", 23, "entry", 2, NULL, 0, NULL, "...though it is called twice"},
    {"bump", 30, "entry", 1, NULL, 0, NULL, "called through a pointer, once: the one call of its type"},
    {"bump", 31, "for.body", NAN, NULL, 0, NULL, "...but not inlined there: its loop's count is not known"},
    {"halves", 37, "entry", NAN, NULL, 0, NULL, "recursive: not inlined, not proven"},
};

/* across_lines.c under `stdin ~ lines(uniform_int(0, 3), string(uniform_int(0, 10), "ab "))` */
static const bound lines_want[] = {
    {"words", 7, "for.cond", NAN, "main", 23, "for.cond", "a walk of the line fgets read: its twin's bound"},
    {"words", 8, "for.body", NAN, "main", 24, "for.body", "...and its body's"},
    {"words", 6, "entry", NAN, "main", 22, "while.body", "called once a line, as the loop's body runs"},
};

/* pointers.c under `arg k ~ uniform_int(0, 2)`: ops[k](x, 1) and twice's two calls */
static const bound pointers_want[] = {
    {"add", 5, "entry", 3, NULL, 0, NULL, "three calls through pointers of its type, each once"},
    {"mul", 9, "entry", 3, NULL, 0, NULL, "...the same for every function of the table"},
    {"mul", 10, "for.cond", 15, NULL, 0, NULL, "...and its loop's 5 tests a call, 3 times"},
    {"neg", 14, "entry", 0, NULL, 0, NULL, "another type, called through no pointer: never runs"},
    {"twice", 20, "entry", 1, NULL, 0, NULL, "called directly, once"},
};

/* pointers_sorted.c: qsort is given a comparator */
static const bound sorted_want[] = {
    {"ascending", 4, "entry", NAN, NULL, 0, NULL, "qsort may call it any number of times: not proven"},
    {"twice", 5, "entry", NAN, NULL, 0, NULL, "...nor a table's function, as qsort may call any"},
    {"pointers_sorted", 10, "entry", 1, NULL, 0, NULL, "the entry itself, once"},
};

/* pointers_asm.c: the same table beside inline assembly */
static const bound asm_want[] = {
    {"twice", 3, "entry", NAN, NULL, 0, NULL, "inline assembly may call through any pointer: not proven"},
    {"pointers_asm", 8, "entry", 1, NULL, 0, NULL, "the entry itself, once"},
};

static void check(const char *spec, const char *json, const bound *want, size_t n) {
    char cmd[512], err[4096];
    snprintf(cmd, sizeof cmd, "run tests/e2e/programs/%s -q -j 2 -o \"$TMPDIR/%s\"", spec, json);
    int code = e2e_run(cmd, err, sizeof err);
    if (!is_int(code, 0, "%s runs and settles", spec)) diag("%s", err);
    result *r = e2e_result(tmp_path(json), err, sizeof err);
    if (!ok(r != NULL, "its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "no trial runs a block more often than its bound");
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, want[i].function, want[i].line, want[i].prefix);
        double expect = want[i].max_runs;
        if (want[i].twin_function) {
            const result_block *t =
                e2e_block_at(r, want[i].twin_function, want[i].twin_line, want[i].twin_prefix);
            expect = t && !isnan(t->max_runs) ? t->max_runs : -1; /* an open twin proves nothing here */
        }
        int same = b && (isnan(expect) ? isnan(b->max_runs) : b->max_runs == expect);
        ok(same, "%s line %d %s: %s, at most %g (got %g)", want[i].function, want[i].line, want[i].prefix,
           want[i].why, expect, b ? b->max_runs : -1.0);
    }
    result_free(r);
}

int main(void) {
    size_t nc = sizeof calls_want / sizeof calls_want[0], nl = sizeof lines_want / sizeof lines_want[0],
           np = sizeof pointers_want / sizeof pointers_want[0],
           ns = sizeof sorted_want / sizeof sorted_want[0];
    plan((int)(15 + nc + nl + np + ns + sizeof asm_want / sizeof asm_want[0]));
    check("across_calls.fspec", "across_calls.json", calls_want, nc);
    check("across_lines.fspec", "across_lines.json", lines_want, nl);
    check("pointers.fspec", "pointers.json", pointers_want, np);
    check("pointers_sorted.fspec", "pointers_sorted.json", sorted_want, ns);
    check("pointers_asm.fspec", "pointers_asm.json", asm_want, sizeof asm_want / sizeof asm_want[0]);
    return done();
}
