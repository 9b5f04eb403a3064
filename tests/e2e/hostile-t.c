/* tests/e2e/hostile-t.c: fork, file writes, unbounded allocation, stack overflow and reading past the input.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(9);
    char err[8192];
    const char *written = tmp_path("hostile-output.txt");
    unlink(written);
    int code =
        e2e_run("run tests/e2e/programs/hostile.fspec -q -j 2 -o \"$TMPDIR/hostile.json\"", err, sizeof err);
    ok(code == 0 || code == 1, "the run finishes (exit %d)", code);
    result *r = e2e_result(tmp_path("hostile.json"), err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    /* k ~ uniform_int(0, 4): only k == 3 (stack overflow) crashes */
    double share = (double)r->crashes / (double)r->trials, sd = sqrt(0.2 * 0.8 / (double)r->trials);
    ok(fabs(share - 0.2) <= 5 * sd && r->nfailures > 0 && r->failures[0].signal == SIGSEGV,
       "stack overflows are crashes (SIGSEGV), %.3f of trials", share);
    /* each of k = 0, 1, 2, 4 is a fifth of the trials (every trial counts, the crashed too) */
    const result_block *b = e2e_block(r, "main", "if.then3");
    ok(b && b->hits == 0, "fork() never made a child that ran on");
    b = e2e_block(r, "main", "if.then5");
    ok(b && fabs(b->mean - 0.2) <= r->epsilon, "fork() failed in the program instead (%.3f of runs)",
       b ? b->mean : NAN);
    b = e2e_block(r, "main", "if.then9");
    ok(b && fabs(b->mean - 0.2) <= r->epsilon && access(written, F_OK) != 0,
       "opening a file for writing was refused and nothing was written (%.3f)", b ? b->mean : NAN);
    b = e2e_block(r, "main", "if.then25");
    ok(b && fabs(b->mean - 0.2) <= r->epsilon, "unbounded allocation ends in a refused malloc (%.3f)",
       b ? b->mean : NAN);
    b = e2e_block(r, "main", "if.then38");
    ok(b && fabs(b->mean - 0.8) <= r->epsilon && b->hits + r->crashes == r->trials,
       "a read past the declared inputs sees end of file in every run that does not crash (%.3f)",
       b ? b->mean : NAN);
    ok(r->timeouts == 0, "nothing hung");
    result_free(r);
    unlink(tmp_path("hostile.json"));
    return done();
}
