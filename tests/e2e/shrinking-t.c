/* tests/e2e/shrinking-t.c: loops that divide a variable down to 0 are bounded by its width, and near
 * misses stay open. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

/* shrinking.c: each function once a run */
static const e2e_bound want[] = {
    {"digits", 11, "while.cond", 33, "n /= 10 on a 32-bit int: 32 divisions leave 0, the 33rd test leaves"},
    {"bits", 23, "while.cond", 33, "x >>= 1 on a 32-bit unsigned: the same"},
    {"retries", 34, "while.cond", 65,
     "a 64-bit size_t halved, tested for 0 inside: 64 ways round and the entry"},
    {"retries", 37, "if.then", 1, "...and its way out once"},
    {"signed_bits", 46, "while.cond", NAN, "y >>= 1 on a signed int: -1 stays -1, not proven"},
    {"skipped", 57, "while.cond", NAN, "a way round that skips the division: not proven"},
    {"untested", 69, "while.cond", NAN, "a way round that skips the test for 0: not proven"},
};

int main(void) {
    size_t n = sizeof want / sizeof want[0];
    plan((int)(3 + n));
    char err[4096];
    int code = e2e_run("run tests/e2e/programs/shrinking.fspec -q -j 2 -o \"$TMPDIR/shrinking.json\"", err,
                       sizeof err);
    if (!is_int(code, 0, "shrinking.fspec runs and settles (cap 10000 for the near misses)")) diag("%s", err);
    result *r = e2e_result(tmp_path("shrinking.json"), err, sizeof err);
    if (!ok(r != NULL, "its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "no trial runs a block more often than its bound");
    e2e_check_bounds(r, want, n);
    result_free(r);
    return done();
}
