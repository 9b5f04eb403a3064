/* tests/harness/runner-t.c: checks how the runner classes dead workers and cleans up after a failed start. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "runner.h"
#include "worker_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* The wait status of a child that ends by SIG (sent to itself, or by us after a pause). */
static int status_of_signal(int sig) {
    pid_t pid = fork();
    if (pid < 0) bail("cannot fork: %s", strerror(errno));
    if (pid == 0) {
        signal(sig, SIG_DFL);
        if (sig != SIGKILL) raise(sig);
        pause();
        _exit(0);
    }
    if (sig == SIGKILL) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

/* Runs the runner with every descriptor taken, so that it cannot make the first
 * worker's pipes, and says whether standard input survived the cleanup. */
static int stdin_survives_failed_start(int jobs) {
    fsabi_module mod = {.abi_version = FSABI_VERSION};
    runner_config cfg = {.mod = &mod, .seed = 1, .jobs = jobs, .max_trials = 100, .timeout_s = 1};
    runner_result out;
    struct rlimit old, low;
    getrlimit(RLIMIT_NOFILE, &old);
    low = old;
    low.rlim_cur = 64;
    if (setrlimit(RLIMIT_NOFILE, &low) != 0) bail("cannot lower RLIMIT_NOFILE: %s", strerror(errno));
    int filler[64], nfiller = 0;
    while (nfiller < 64 && (filler[nfiller] = open("/dev/null", O_RDONLY)) >= 0) nfiller++;
    int rc = runner_run(&cfg, &out);
    int alive = fcntl(0, F_GETFD) != -1;
    while (nfiller > 0) close(filler[--nfiller]);
    setrlimit(RLIMIT_NOFILE, &old);
    if (!alive && open("/dev/null", O_RDONLY) != 0) bail("cannot reopen standard input");
    runner_result_free(&out, 0);
    return rc == -1 && alive;
}

int main(void) {
    plan(6);
    int segv = status_of_signal(SIGSEGV), killed = status_of_signal(SIGKILL);
    is_int(runner_failure_of(segv, 0), FAILURE_CRASH, "a segfault is a crash");
    is_int(runner_failure_of(segv, 1), FAILURE_CRASH,
           "...also when the trial was marked for a timeout before the fault ended it");
    is_int(runner_failure_of(killed, 1), FAILURE_TIMEOUT, "the SIGKILL sent for a marked trial is a timeout");
    is_int(runner_failure_of(killed, 0), FAILURE_CRASH, "a SIGKILL from elsewhere is a crash");

    if (fcntl(0, F_GETFD) == -1 && open("/dev/null", O_RDONLY) != 0) bail("no standard input to watch");
    ok(stdin_survives_failed_start(1), "a worker that cannot start: the cleanup leaves standard input open");
    ok(stdin_survives_failed_start(3), "...and so do the workers never started after it");
    return done();
}
