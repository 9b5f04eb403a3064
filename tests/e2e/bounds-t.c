/* tests/e2e/bounds-t.c: the bounds per run the transform proves, and a rare loop estimated, not assumed away.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

typedef struct bound {
    const char *function;
    int line;
    const char *prefix;
    double max_runs;
} bound;

int main(void) {
    /* NAN: nothing is proven */
    static const bound want[] = {
        {"main", 10, "entry", 1},      {"helper", 4, "entry", 2}, /* two call sites outside loops */
        {"main", 14, "for.cond", 6},                              /* i = 0 .. 4 pass, 5 fails */
        {"main", 15, "for.body", 5},                              /* once per pass of the test */
        {"inloop", 5, "entry", 5},                                /* called from that body */
        {"main", 16, "for.cond", 6},                              /* 10, 8, 6, 4, 2 pass, 0 fails */
        {"main", 18, "for.cond", 5},                              /* i <= 3 */
        {"main", 19, "for.cond", 12},                             /* 3 tests for each of 4 outer passes */
        {"main", 25, "for.cond", NAN},                            /* no way out: a run could stay there */
        {"main", 27, "for.cond", 21},  {"viaptr", 6, "entry", 1}, /* the one call of its type */
        {"recurse", 7, "entry", NAN},                             /* it calls itself */
    };
    size_t n = sizeof want / sizeof want[0];
    plan((int)(n + 6));
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/bounds.fspec --sampling plain -q -j 2 -o \"$TMPDIR/bounds.json\"",
                err, sizeof err);
    if (!is_int(code, 0, "bounds.fspec runs and settles (cap 21 for the unproven)")) diag("%s", err);
    result *r = e2e_result(tmp_path("bounds.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, want[i].function, want[i].line, want[i].prefix);
        int same = b && (isnan(want[i].max_runs) ? isnan(b->max_runs) : b->max_runs == want[i].max_runs);
        ok(same, "%s line %d %s: proven at most %g per run (got %g)", want[i].function, want[i].line,
           want[i].prefix, want[i].max_runs, b ? b->max_runs : -1.0);
    }
    /* The branch is taken with p = 1/200 and runs 20 iterations: 0.1 per run. The
     * never-reached shortcut (a block reached runs once) would say about 0. */
    const result_block *body = e2e_block_at(r, "main", 28, "for.body");
    ok(body && !strcmp(body->status, "converged") && fabs(body->mean - 0.1) <= 0.05,
       "the rare loop's body: %.4f within 0.05 of 0.1, converged", body ? body->mean : NAN);
    ok(body && body->basis && !strcmp(body->basis, "proven") && body->range == 20,
       "...and rests on its proof, 20 per run, as tight as the cap (%s)",
       body && body->basis ? body->basis : "?");
    const result_block *deep = e2e_block_at(r, "recurse", 7, "entry");
    ok(deep && !strcmp(deep->status, "constant") && deep->basis && !strcmp(deep->basis, "cap"),
       "a block seen the same in every trial (4 calls of recurse) is constant only under the cap, and says "
       "so");
    /* A run that enters it never ends, and is counted all the same: nothing is proven
     * of it, and it settles only on the cap, never as exact 0. */
    const result_block *never = e2e_block_at(r, "main", 25, "for.cond");
    ok(never && strcmp(never->method, "exact") != 0 && never->basis && !strcmp(never->basis, "cap") &&
           never->mean == 0,
       "the endless loop: never reached, settled on the cap alone, not exact (%s)",
       never && never->basis ? never->basis : "?");
    result_free(r);
    unlink(tmp_path("bounds.json"));
    return done();
}
