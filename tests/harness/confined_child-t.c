/* tests/harness/confined_child-t.c: what a confined child may do, and when waiting for it kills it. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "tap.h"
#include "tmp.h"
#include "confined_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What the child saw, in memory it shares with the test. */
typedef struct seen {
    volatile uint64_t current;
    int inet_errno, unix_errno, pair_rc, write_errno, fork_errno;
    int prepared_fd; /* opened for writing by prepare, before the filter */
    int stdout_is_null, sigint_ignored;
} seen;

static seen *shared_seen(void) {
    seen *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) bail("mmap: %s", strerror(errno));
    memset(s, 0, sizeof *s);
    s->prepared_fd = -1;
    return s;
}

/* errno after CALL, or 0 when it succeeded. */
static int errno_of(int rc) {
    return rc < 0 ? errno : 0;
}

static void open_before(void *ctx) {
    seen *s = ctx;
    s->prepared_fd = open(tmp_path("prepared.txt"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
}

static void try_everything(void *ctx) {
    seen *s = ctx;
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    s->inet_errno = errno_of(fd);
    if (fd >= 0) close(fd);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    s->unix_errno = errno_of(fd);
    if (fd >= 0) close(fd);
    int pair[2];
    s->pair_rc = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair);
    if (s->pair_rc == 0) {
        close(pair[0]);
        close(pair[1]);
    }
    fd = open(tmp_path("written.txt"), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    s->write_errno = errno_of(fd);
    if (fd >= 0) close(fd);
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    s->fork_errno = errno_of(pid);
    if (pid > 0) waitpid(pid, NULL, 0);
    struct stat out, null;
    s->stdout_is_null = fstat(1, &out) == 0 && stat("/dev/null", &null) == 0 && out.st_rdev == null.st_rdev;
    struct sigaction now;
    s->sigint_ignored = sigaction(SIGINT, NULL, &now) == 0 && now.sa_handler == SIG_IGN;
}

/* Runs try_everything under LIMITS; returns the child's wait status. */
static int run_trying(const confine_limits *limits, seen *s) {
    pid_t pid = confined_child_start(&(confined_child){limits, open_before, NULL, try_everything, s});
    if (pid < 0) bail("cannot fork: %s", strerror(errno));
    int status = -1;
    if (confined_child_wait(pid, &s->current, 5, &status) != 0) bail("the child timed out");
    return status;
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double wall_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Run 1 computes forever. */
static void spin_in_run_one(void *ctx) {
    seen *s = ctx;
    s->current = 1;
    for (volatile uint64_t i = 0;; i++) {
    }
}

/* Run 1 waits forever without computing. */
static void wait_in_run_one(void *ctx) {
    seen *s = ctx;
    s->current = 1;
    for (;;) pause();
}

/* 300 runs of 2 ms of CPU time each: more than the timeout in all, never in one. */
static void many_short_runs(void *ctx) {
    seen *s = ctx;
    for (uint64_t r = 1; r <= 300; r++) {
        s->current = r;
        double until = cpu_now() + 0.002;
        while (cpu_now() < until) {
        }
    }
}

/* Starts BODY with S and waits under TIMEOUT_S; the wait's answer, its status in
 * *STATUS and its wall-clock time in *SECONDS. */
static int run_timed(void (*body)(void *), seen *s, double timeout_s, int *status, double *seconds) {
    confine_limits limits = {CONFINE_DEFAULT_ADDRESS_SPACE, 0, 0, 0};
    double t0 = wall_now();
    pid_t pid = confined_child_start(&(confined_child){&limits, NULL, NULL, body, s});
    if (pid < 0) bail("cannot fork: %s", strerror(errno));
    int killed = confined_child_wait(pid, &s->current, timeout_s, status);
    *seconds = wall_now() - t0;
    return killed;
}

int main(void) {
    plan(18);
    tmp_dir(); /* made here, so that this process removes it */
    seen *s = shared_seen();
    confine_limits limits = {CONFINE_DEFAULT_ADDRESS_SPACE, 0, 0, 0};
    int status = run_trying(&limits, s);
    ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child ends with status 0 (status %d)", status);
    is_int(s->inet_errno, EACCES, "an internet socket is refused with EACCES");
    is_int(s->unix_errno, EACCES, "a local socket too");
    is_int(s->pair_rc, 0, "a socketpair is not");
    is_int(s->write_errno, EACCES, "opening a file for writing is refused");
    is_int(s->fork_errno, EAGAIN, "fork is refused");
    ok(s->prepared_fd >= 0, "prepare runs before the filter: it may open a file for writing");
    ok(s->stdout_is_null && s->sigint_ignored, "standard output is /dev/null and SIGINT is ignored");

    memset(s, 0, sizeof *s);
    s->prepared_fd = -1;
    limits.allow_network = 1;
    status = run_trying(&limits, s);
    ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "allowed the network, the child ends with status 0");
    ok(s->inet_errno == 0 && s->unix_errno == 0, "...and opens sockets (errno %d, %d)", s->inet_errno,
       s->unix_errno);
    is_int(s->write_errno, EACCES, "...but still may not write files");

    double seconds;
    memset(s, 0, sizeof *s);
    int killed = run_timed(spin_in_run_one, s, 0.1, &status, &seconds);
    ok(killed == 1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
       "a run that computes forever is killed");
    /* 0.1 s of CPU time cannot take less wall time; how much more depends on the
     * machine's load, so the end only guards against a wait that never returns */
    ok(seconds >= 0.1 && seconds < 60 && s->current == 1, "...after %.2f s, at run %llu", seconds,
       (unsigned long long)s->current);
    memset(s, 0, sizeof *s);
    killed = run_timed(wait_in_run_one, s, 0.05, &status, &seconds);
    ok(killed == 1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
       "a run that waits forever is killed");
    ok(seconds >= 1.5, "...at the wall-clock ceiling, 10 x 0.05 s + 1 s (after %.2f s)", seconds);
    memset(s, 0, sizeof *s);
    killed = run_timed(many_short_runs, s, 0.1, &status, &seconds);
    ok(killed == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
       "runs that each stay under the timeout are not killed, %.2f s in all", seconds);
    is_int((long long)s->current, 300, "...and all of them ran");
    killed = run_timed(many_short_runs, s, 0, &status, &seconds);
    ok(killed == 0 && WIFEXITED(status), "no timeout (0) waits for the end");
    return done();
}
