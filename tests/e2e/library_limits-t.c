/* tests/e2e/library_limits-t.c: loops that only the C library's limits bound (fread, read, getchar) get those
 * bounds, and a count the transform cannot know leaves its loop open. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(11);
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/library_limits.fspec -q -j 2 -o \"$TMPDIR/library_limits.json\"", err,
                sizeof err);
    if (!is_int(code, 0, "library_limits.fspec runs and settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("library_limits.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);

    /* each test runs once more than its loop passes */
    const result_block *records = e2e_block(r, "records", "for.cond");
    ok(records && records->max_runs == 9 && records->max == 9,
       "fread(buf, 1, 32, stdin) in 4-byte records: at most 9 tests, proven (%g), and reached (%llu)",
       records ? records->max_runs : -1, records ? (unsigned long long)records->max : 0ULL);
    const result_block *all = e2e_block(r, "records_all", "for.cond");
    ok(all && all->max_runs == 23,
       "fread(buf, 1, 4096, stdin) of at most 90 bytes: at most 23 tests, proven from the spec (%g)",
       all ? all->max_runs : -1);
    const result_block *chunk = e2e_block(r, "chunk", "for.cond");
    ok(chunk && chunk->max_runs == 17, "read(0, buf, 16): at most 17 tests, proven (%g)",
       chunk ? chunk->max_runs : -1);
    const result_block *up_to = e2e_block(r, "up_to_char", "for.cond");
    ok(up_to && up_to->max_runs == 256 && up_to->max >= 98,
       "a loop up to getchar's value: at most 256 tests, proven (%g); 'a' gives 98 (%llu)",
       up_to ? up_to->max_runs : -1, up_to ? (unsigned long long)up_to->max : 0ULL);
    const result_block *unknown = e2e_block(r, "records_unknown", "for.cond");
    ok(unknown && isnan(unknown->max_runs), "fread of a count read from memory: not proven (%g)",
       unknown ? unknown->max_runs : -1);
    const result_block *line = e2e_block(r, "line_length", "for.cond");
    ok(line && line->max_runs == 24, "strlen of a 24-byte array: at most 24 tests, proven (%g)",
       line ? line->max_runs : -1);
    const result_block *capped = e2e_block(r, "capped", "for.cond");
    ok(capped && capped->max_runs == 11 && capped->max == 11,
       "strnlen(text, 10): at most 11 tests, proven (%g), and reached (%llu)", capped ? capped->max_runs : -1,
       capped ? (unsigned long long)capped->max : 0ULL);
    const result_block *anywhere = e2e_block(r, "anywhere", "for.cond");
    ok(anywhere && isnan(anywhere->max_runs), "strlen of a pointer: not proven (%g)",
       anywhere ? anywhere->max_runs : -1);
    int never_exceeded = 1;
    for (size_t i = 0; r && i < r->nblocks; i++)
        if (!isnan(r->blocks[i].max_runs) && (double)r->blocks[i].max > r->blocks[i].max_runs)
            never_exceeded = 0;
    ok(never_exceeded, "no block's trials exceed its proven bound");
    result_free(r);
    unlink(tmp_path("library_limits.json"));
    return done();
}
