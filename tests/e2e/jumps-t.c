/* tests/e2e/jumps-t.c: bounds around setjmp: a guard whose landing runs once per call keeps the function's
 * bounds, and near misses lose them. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

/* jumps.c under `arg n ~ uniform_int(0, 12)`: guarded's `if (setjmp(guard)) return -1;`
 * with a loop of 12 calls that may jump; retried's landing jumps again itself;
 * by_value tests setjmp's result against 3. */
static const e2e_bound want[] = {
    {"guarded", 13, "if.then", 2, "the landing of a jump: at most once more than its bound (1) per call"},
    {"guarded", 15, "for.cond", 13, "the zero side, which setjmp enters once a call, keeps its loop's bound"},
    {"guarded", 16, "if.then2", 1, "...and its blocks theirs"},
    {"guarded", 21, "return", 2, "the return both sides reach: 1 + 1"},
    {"risky", 8, "entry", 12, "called from the loop of 12 on the zero side"},
    {"retried", 26, "if.then", NAN, "a landing that calls longjmp may land again: not proven"},
    {"retried", 33, "return", NAN, "...nor anything it reaches"},
    {"retried", 24, "entry", NAN, "...nor the block of the setjmp call"},
    {"retried", 30, "if.end3", 1, "its zero side still runs once a call"},
    {"by_value", 37, "land.lhs.true", NAN, "setjmp's result tested against 3, not 0: no landing is known"},
    {"by_value", 36, "entry", NAN, "...so every block from the call on is open"},
};

int main(void) {
    size_t n = sizeof want / sizeof want[0];
    plan((int)(3 + n));
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/jumps.fspec -q -j 2 -o \"$TMPDIR/jumps.json\"", err, sizeof err);
    if (!is_int(code, 0, "jumps.fspec runs and settles (every input enumerated)")) diag("%s", err);
    result *r = e2e_result(tmp_path("jumps.json"), err, sizeof err);
    if (!ok(r != NULL, "its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r),
       "no trial runs a block more often than its bound (the landing of retried runs 3 times)");
    e2e_check_bounds(r, want, n);
    result_free(r);
    return done();
}
