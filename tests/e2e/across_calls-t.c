/* tests/e2e/across_calls-t.c: facts across calls and calls through pointers: what a caller passes bounds
 * its helpers' loops, a table's functions are bounded by the calls of their type, and near misses stay open.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

/* A helper's block whose bound must equal its twin's: the same loop written in the
 * caller. An open twin proves nothing, so it must be bounded. */
typedef struct twin {
    const char *function;
    int line;
    const char *prefix;
    const char *twin_function;
    int twin_line;
    const char *twin_prefix;
    const char *why;
} twin;

/* across_calls.c under `arg s ~ string(uniform_int(0, 8), "ab")`, `arg len ~ length(s)` */
static const e2e_bound calls_want[] = {
    {"count_a", 9, "for.cond", 18, "called twice with len <= 8: 2 x (8 + 1) tests"},
    {"count_a", 10, "for.body", 16, "...and 2 x 8 passes: every copy counted"},
    {"count_a", 8, "entry", 2, "two call sites"},
    {"sum_to", 24, "for.body", NAN, "one call passes a volatile count: not proven"},
    {"sum_to", 23, "entry", 2, "...though it is called twice"},
    {"bump", 30, "entry", 1, "called through a pointer, once: the one call of its type"},
    {"bump", 31, "for.body", NAN, "...but not inlined there: its loop's count is not known"},
    {"halves", 37, "entry", NAN, "recursive: not inlined, not proven"},
};
static const twin calls_twins[] = {
    {"skip_b", 17, "while.cond", "across_calls", 45, "while.cond", "a walk of the caller's string"},
    {"skip_b", 17, "while.body", "across_calls", 45, "while.body", "...for each of its blocks"},
};

/* across_lines.c under `stdin ~ lines(uniform_int(0, 3), string(uniform_int(0, 10), "ab "))` */
static const twin lines_twins[] = {
    {"words", 7, "for.cond", "main", 23, "for.cond", "a walk of the line fgets read"},
    {"words", 8, "for.body", "main", 24, "for.body", "...and its body"},
    {"words", 6, "entry", "main", 22, "while.body", "called once a line, as the loop's body runs"},
};

/* pointers.c under `arg k ~ uniform_int(0, 2)`: ops[k](x, 1) and twice's two calls */
static const e2e_bound pointers_want[] = {
    {"add", 5, "entry", 3, "three calls through pointers of its type, each once"},
    {"mul", 9, "entry", 3, "...the same for every function of the table"},
    {"mul", 10, "for.cond", 15, "...and its loop's 5 tests a call, 3 times"},
    {"neg", 14, "entry", 0, "another type, called through no pointer: never runs"},
    {"twice", 20, "entry", 1, "called directly, once"},
};

/* pointers_sorted.c: qsort is given a comparator */
static const e2e_bound sorted_want[] = {
    {"ascending", 4, "entry", NAN, "qsort may call it any number of times: not proven"},
    {"twice", 5, "entry", NAN, "...nor a table's function, as qsort may call any"},
    {"pointers_sorted", 10, "entry", 1, "the entry itself, once"},
};

/* pointers_asm.c: the same table beside inline assembly */
static const e2e_bound asm_want[] = {
    {"twice", 3, "entry", NAN, "inline assembly may call through any pointer: not proven"},
    {"pointers_asm", 8, "entry", 1, "the entry itself, once"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Runs SPEC into JSON and checks the N bounds of WANT and the NT twins of TWINS. */
static void check(const char *spec, const char *json, const e2e_bound *want, size_t n, const twin *twins,
                  size_t nt) {
    char cmd[512], err[4096];
    snprintf(cmd, sizeof cmd, "run tests/e2e/programs/%s -q -j 2 -o \"$TMPDIR/%s\"", spec, json);
    int code = e2e_run(cmd, err, sizeof err);
    if (!is_int(code, 0, "%s runs and settles", spec)) diag("%s", err);
    result *r = e2e_result(tmp_path(json), err, sizeof err);
    if (!ok(r != NULL, "its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "no trial runs a block more often than its bound");
    e2e_check_bounds(r, want, n);
    for (size_t i = 0; i < nt; i++) {
        const result_block *b = e2e_block_at(r, twins[i].function, twins[i].line, twins[i].prefix),
                           *t = e2e_block_at(r, twins[i].twin_function, twins[i].twin_line,
                                             twins[i].twin_prefix);
        ok(b && t && !isnan(t->max_runs) && b->max_runs == t->max_runs,
           "%s line %d %s: %s, its twin's bound %g (got %g)", twins[i].function, twins[i].line,
           twins[i].prefix, twins[i].why, t ? t->max_runs : -1.0, b ? b->max_runs : -1.0);
    }
    result_free(r);
}

int main(void) {
    plan((int)(15 + COUNT(calls_want) + COUNT(calls_twins) + COUNT(lines_twins) + COUNT(pointers_want) +
               COUNT(sorted_want) + COUNT(asm_want)));
    check("across_calls.fspec", "across_calls.json", calls_want, COUNT(calls_want), calls_twins,
          COUNT(calls_twins));
    check("across_lines.fspec", "across_lines.json", NULL, 0, lines_twins, COUNT(lines_twins));
    check("pointers.fspec", "pointers.json", pointers_want, COUNT(pointers_want), NULL, 0);
    check("pointers_sorted.fspec", "pointers_sorted.json", sorted_want, COUNT(sorted_want), NULL, 0);
    check("pointers_asm.fspec", "pointers_asm.json", asm_want, COUNT(asm_want), NULL, 0);
    return done();
}
