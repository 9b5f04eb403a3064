/* harness/confined_child.c: a forked process that runs the program confined, and waiting for it under a
 * per-run timeout. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "confined_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "stop_request.h"

static _Noreturn void run_child(const confined_child *c) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) {
        dup2(devnull, 0);
        dup2(devnull, 1);
        dup2(devnull, 2);
        if (devnull > 2) close(devnull);
    }
    if (c->prepare) c->prepare(c->ctx);
    char why[512];
    if (confine_worker(c->limits, why, sizeof why) != 0) {
        if (c->refused) c->refused(c->ctx, why);
        _exit(CONFINE_EXIT_STATUS);
    }
    c->body(c->ctx);
    fflush(NULL);
    _exit(0);
}

pid_t confined_child_start(const confined_child *c) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) run_child(c);
    return pid;
}

/* The CPU time of the process behind clock C, in seconds (0 when it is gone). */
static double cpu_seconds(clockid_t c) {
    struct timespec t;
    if (clock_gettime(c, &t) != 0) return 0;
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double seconds_between(const struct timespec *from, const struct timespec *to) {
    return (double)(to->tv_sec - from->tv_sec) + 1e-9 * (double)(to->tv_nsec - from->tv_nsec);
}

int confined_child_wait(pid_t pid, const volatile uint64_t *current, double timeout_s, int *status) {
    *status = 0;
    uint64_t seen = UINT64_MAX; /* no run yet: the first look starts the clocks */
    clockid_t clock;
    int has_cpu = clock_getcpuclockid(pid, &clock) == 0;
    double cpu_mark = 0;
    struct timespec mark, now;
    clock_gettime(CLOCK_MONOTONIC, &mark);
    for (;;) {
        pid_t w = waitpid(pid, status, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR)) return 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double wall = seconds_between(&mark, &now);
        double cpu = has_cpu ? cpu_seconds(clock) - cpu_mark : wall;
        if (stop_request_pending()) {
            kill(pid, SIGKILL);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
            }
            return 2;
        }
        uint64_t run = *current;
        if (run != seen) {
            seen = run;
            mark = now;
            if (has_cpu) cpu_mark = cpu_seconds(clock);
        } else if (timeout_s > 0 && (cpu > timeout_s || wall > 10 * timeout_s + 1)) {
            kill(pid, SIGKILL);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
            }
            return 1;
        }
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL);
    }
}
