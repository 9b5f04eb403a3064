/* tests/e2e/misbehave-t.c: crashes, aborts, hangs and exit() in the program do not stop the run. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(9);
    char err[8192];
    const char *out = tmp_path("misbehave.json");
    int code = e2e_run("run tests/e2e/programs/misbehave.fspec -q -j 2 -o \"$TMPDIR/misbehave.json\"",
                       err, sizeof err);
    ok(code == 0 || code == 1, "the run finishes (exit %d)", code);
    result *r = e2e_result(out, err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    /* k ~ uniform_int(0, 19): k == 0 segfaults, k == 1 aborts, k == 2 hangs */
    double share_crash = (double)r->crashes / (double)r->trials;
    double share_hang = (double)r->timeouts / (double)r->trials;
    /* 5 sigma of a binomial share at p = 0.1 or 0.05 over the trials run */
    double sd_crash = sqrt(0.1 * 0.9 / (double)r->trials), sd_hang = sqrt(0.05 * 0.95 / (double)r->trials);
    ok(fabs(share_crash - 0.10) <= 5 * sd_crash, "crashes (segfault and abort) are %.4f of trials, about 0.10",
       share_crash);
    ok(fabs(share_hang - 0.05) <= 5 * sd_hang, "timeouts are %.4f of trials, about 0.05", share_hang);
    ok(r->nfailures > 0 && r->failures[0].trial < r->trials, "the first failed trials are listed with their ids");
    int seen_segv = 0, seen_abrt = 0, seen_timeout = 0;
    for (size_t i = 0; i < r->nfailures; i++) {
        if (!strcmp(r->failures[i].kind, "timeout")) seen_timeout = 1;
        else if (r->failures[i].signal == SIGABRT) seen_abrt = 1;
        else if (r->failures[i].signal == SIGSEGV || r->failures[i].signal == SIGILL ||
                 r->failures[i].signal == SIGTRAP) seen_segv = 1;
    }
    ok(seen_segv && seen_abrt, "...with the signal of each crash (a segfault and an abort)");
    ok(seen_timeout, "...and the timeouts");
    /* among the trials that finished (k = 3..19), puts runs for k >= 10: 10 of 17 */
    const result_block *high = e2e_block(r, "main", "if.then11");
    ok(high && fabs(high->mean - 10.0 / 17) <= r->epsilon + 1e-12, "the estimate leaves failed trials out: "
       "%.4f within %.2f of 10/17", high ? high->mean : NAN, r->epsilon);
    const result_block *exit3 = e2e_block(r, "main", "if.then8");
    ok(exit3 && fabs(exit3->mean - 1.0 / 17) <= r->epsilon + 1e-12,
       "exit(3) is a normal end: its block runs in 1/17 of the trials that count (%.4f)", exit3 ? exit3->mean : NAN);
    result_free(r);
    unlink(out);
    return done();
}
