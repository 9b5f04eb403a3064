/* tests/e2e/misbehave-t.c: crashes, aborts, hangs and exit() in the program do not stop the run, and count.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(12);
    char err[8192];
    const char *out = tmp_path("misbehave.json");
    int code = e2e_run("run tests/e2e/programs/misbehave.fspec -q -j 2 -o \"$TMPDIR/misbehave.json\"", err,
                       sizeof err);
    is_int(code, 1, "the run finishes, unsettled: the hang has no finite count");
    result *r = e2e_result(out, err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    /* k ~ uniform_int(0, 19): k == 0 segfaults, k == 1 aborts, k == 2 hangs */
    double share_crash = (double)r->crashes / (double)r->trials;
    double share_hang = (double)r->timeouts / (double)r->trials;
    /* 5 sigma of a binomial share at p = 0.1 or 0.05 over the trials run */
    double sd_crash = sqrt(0.1 * 0.9 / (double)r->trials), sd_hang = sqrt(0.05 * 0.95 / (double)r->trials);
    ok(fabs(share_crash - 0.10) <= 5 * sd_crash,
       "crashes (segfault and abort) are %.4f of trials, about 0.10", share_crash);
    ok(fabs(share_hang - 0.05) <= 5 * sd_hang, "timeouts are %.4f of trials, about 0.05", share_hang);
    ok(r->nfailures > 0 && r->failures[0].trial < r->trials,
       "the first failed trials are listed with their ids");
    int seen_segv = 0, seen_abrt = 0, seen_timeout = 0;
    for (size_t i = 0; i < r->nfailures; i++) {
        if (!strcmp(r->failures[i].kind, "timeout"))
            seen_timeout = 1;
        else if (r->failures[i].signal == SIGABRT)
            seen_abrt = 1;
        else if (r->failures[i].signal == SIGSEGV || r->failures[i].signal == SIGILL ||
                 r->failures[i].signal == SIGTRAP)
            seen_segv = 1;
    }
    ok(seen_segv && seen_abrt, "...with the signal of each crash (a segfault and an abort)");
    ok(seen_timeout, "...and the timeouts");
    /* every trial counts: puts runs for k >= 10, 10 of 20 values (k = 3 exits before) */
    const result_block *high = e2e_block(r, "main", "if.then11");
    ok(high && fabs(high->mean - 10.0 / 20) <= high->half_width + 1e-12,
       "every trial counts: "
       "%.4f within its half-width %.4f of 10/20",
       high ? high->mean : NAN, high ? high->half_width : NAN);
    const result_block *exit3 = e2e_block(r, "main", "if.then8");
    ok(exit3 && fabs(exit3->mean - 1.0 / 20) <= exit3->half_width + 1e-12,
       "exit(3) ends its run: its block runs in 1/20 of the trials (%.4f)", exit3 ? exit3->mean : NAN);
    const result_block *crash = e2e_block(r, "main", "if.then");
    ok(crash && fabs(crash->mean - 1.0 / 20) <= crash->half_width + 1e-12,
       "the block that crashes counts in its crashed trials: %.4f, about 1/20", crash ? crash->mean : NAN);
    const result_block *spin = e2e_block(r, "main", "for.cond");
    ok(spin && spin->status && !strcmp(spin->status, "unbounded") && spin->unbounded == r->timeouts,
       "the endless loop is unbounded in every timed-out trial (%llu of %llu)",
       spin ? (unsigned long long)spin->unbounded : 0ull, (unsigned long long)r->timeouts);
    int outcomes_sum = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < r->noutcomes; i++) {
        total += r->outcomes[i].trials;
        outcomes_sum |=
            r->outcomes[i].low > r->outcomes[i].share || r->outcomes[i].high < r->outcomes[i].share;
    }
    ok(r->noutcomes == 5 && total == r->trials && !outcomes_sum,
       "five outcomes (returned, exit 3, abort, SIGSEGV, timeout) add up to the trials, each inside its "
       "interval");
    result_free(r);
    unlink(out);
    return done();
}
