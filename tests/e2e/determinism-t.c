/* tests/e2e/determinism-t.c: the same seed gives the same JSON for any number of workers or optimisation
 * level. */
/* SPDX-License-Identifier: MIT */
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(11);
    char err[4096];
    is_int(
        e2e_run("run examples/newton/newton.fspec -q -j 1 -s 5 -o \"$TMPDIR/det-1.json\"", err, sizeof err),
        0, "newton with one worker");
    is_int(
        e2e_run("run examples/newton/newton.fspec -q -j 2 -s 5 -o \"$TMPDIR/det-2.json\"", err, sizeof err),
        0, "newton with two workers");
    is_int(
        e2e_run("run examples/newton/newton.fspec -q -j 3 -s 5 -o \"$TMPDIR/det-3.json\"", err, sizeof err),
        0, "newton with three workers (more than the cores)");
    char *one = e2e_json_without_timing(tmp_path("det-1.json"));
    char *two = e2e_json_without_timing(tmp_path("det-2.json"));
    char *three = e2e_json_without_timing(tmp_path("det-3.json"));
    ok(one && two && !strcmp(one, two), "-j 1 and -j 2 give identical JSON apart from timing");
    ok(one && three && !strcmp(one, three), "-j 1 and -j 3 give identical JSON apart from timing");
    is_int(
        e2e_run("run examples/newton/newton.fspec -q -j 2 -s 6 -o \"$TMPDIR/det-4.json\"", err, sizeof err),
        0, "another seed runs");
    char *four = e2e_json_without_timing(tmp_path("det-4.json"));
    ok(one && four && strcmp(one, four) != 0, "...and a different seed gives different estimates");
    /* The optimisation level changes the code, never what it counts. */
    is_int(e2e_run("run examples/newton/newton.fspec -q -j 2 -s 5 --optimize quick -o \"$TMPDIR/det-5.json\"",
                   err, sizeof err),
           0, "newton built with the quick pipeline");
    char *quick = e2e_json_without_timing(tmp_path("det-5.json"));
    ok(one && quick && !strcmp(one, quick), "--optimize quick gives the JSON of the default (O2) build");
    is_int(e2e_run("instrument examples/branches/branches.fspec --optimize full -o \"$TMPDIR/det-6.ll\"", err,
                   sizeof err),
           0, "instrument --optimize full");
    is_int(e2e_run("instrument examples/branches/branches.fspec --optimize fast -o \"$TMPDIR/det-6.ll\"", err,
                   sizeof err),
           2, "an unknown optimisation level is a usage error");
    free(one);
    free(two);
    free(three);
    free(four);
    free(quick);
    unlink(tmp_path("det-6.ll"));
    return done();
}
