/* tests/e2e/args-t.c: pointer arguments passed as null in function mode. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(5);
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/nullarg.fspec -q -o \"$TMPDIR/nullarg.json\"", err, sizeof err);
    if (!is_int(code, 0, "arg out ~ null: the function runs and settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("nullarg.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    const result_block *stored = e2e_block_at(r, NULL, 12, "if.then");
    ok(stored && stored->hits == 0 && r->crashes == 0,
       "the store through out never runs, and nothing crashes");
    const result_block *caps = e2e_block_at(r, NULL, 10, "if.then");
    /* E[length] = 5 characters, each 'B' with probability 1/2 */
    ok(caps && fabs(caps->mean - 2.5) <= 0.1, "capitals counted: %.4f within 0.1 of 2.5",
       caps ? caps->mean : NAN);
    result_free(r);
    code = e2e_run("check tests/e2e/programs/nullarg.fspec", err, sizeof err);
    is_int(code, 0, "check accepts null for a pointer parameter");
    return done();
}
