/* tests/e2e/counts-t.c: on deterministic inputs every block's count is exactly right. */
/* SPDX-License-Identifier: MIT */
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

typedef struct expect {
    const char *function, *label;
    double count;
} expect;

int main(void) {
    /* labels are clang's names for the blocks of counts.c */
    static const expect want[] = {
        {"main", "entry", 1},      {"main", "for.body", 10},
        {"main", "for.cond", 11},  {"main", "for.body7", 12}, /* the inner loop: 3 x 4 */
        {"main", "for.cond5", 15},                            /* 3 x (4 + 1) */
        {"main", "for.body4", 3},  {"main", "do.body", 5},
        {"main", "if.then", 0},   /* calls != 0: globals were reset */
        {"main", "if.then21", 1}, /* calls == 25 */
        {"main", "if.then25", 1}, /* s > 0 */
        {"fib", "entry", 25},      {"fib", "if.then", 13},
        {"fib", "if.end", 12},     {"finish", "entry", 1},
        {"main", "if.end26", 0}, /* exit() ended every run before it */
    };
    size_t n = sizeof want / sizeof want[0];
    plan((int)(3 + 2 * n));
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/counts.fspec -q -j 2 -o \"$TMPDIR/counts.json\"", err, sizeof err);
    if (!is_int(code, 0, "run on constant inputs exits 0")) diag("%s", err);
    result *r = e2e_result(tmp_path("counts.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);
    ok(r->converged && r->crashes == 0, "every block settled, no crash");
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block(r, want[i].function, want[i].label);
        if (!ok(b != NULL, "%s/%s is in the result", want[i].function, want[i].label)) {
            ok(0, "...and so has no count");
            continue;
        }
        is_double(b->mean, want[i].count, 0, "%s/%s runs %g times", want[i].function, want[i].label,
                  want[i].count);
    }
    result_free(r);
    unlink(tmp_path("counts.json"));
    return done();
}
