/* tests/e2e/load-t.c: a trial kept waiting by other work is not a timeout: timeouts count CPU time. */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(4);
    char err[8192];
    /* Each trial of busy.c takes about 1 ms of CPU time against a timeout of 20 ms.
     * Stopping the worker is what a very busy machine does to it: the trial waits,
     * without running, far longer than the timeout. */
    char args[4096];
    snprintf(args, sizeof args, "run tests/e2e/programs/busy.fspec -q -j 1 -o '%s'", tmp_path("busy.json"));
    pid_t pid = e2e_start(args);
    pid_t worker = pid > 0 ? e2e_wait_worker(pid, 0.05) : 0;
    if (!ok(worker > 0, "a worker runs trials")) bail("freqsys ended before any worker ran");
    int stops = 0;
    for (int i = 0; i < 3; i++) {
        struct timespec stopped = {0, 300000000}, between = {0, 50000000};
        if (kill(worker, SIGSTOP) != 0) break;
        nanosleep(&stopped, NULL);
        kill(worker, SIGCONT);
        stops++;
        nanosleep(&between, NULL);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    is_int(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1,
           "the run ends at its trial budget (exit 1), "
           "after %d pauses of 300 ms",
           stops);
    result *r = e2e_result(tmp_path("busy.json"), err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    if (!ok(r->timeouts == 0 && r->crashes == 0, "no trial timed out (timeouts %llu, crashes %llu)",
            (unsigned long long)r->timeouts, (unsigned long long)r->crashes))
        for (size_t i = 0; i < r->nfailures; i++)
            diag("trial %llu: %s, signal %d", (unsigned long long)r->failures[i].trial, r->failures[i].kind,
                 r->failures[i].signal);
    result_free(r);
    return done();
}
