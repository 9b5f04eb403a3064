/* harness/timeout_calibrate.c: a per-trial timeout chosen from the first trials' CPU times, when none is
 * given. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "timeout_calibrate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "confined_child.h"
#include "stop_request.h"
#include "wire.h"

static uint64_t process_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* as the timeout counts: every thread */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The timing, in its child: the configuration and the pipe's ends. */
typedef struct timing_child {
    const runner_config *cfg;
    int read_fd, write_fd;
} timing_child;

static void close_read_end(void *ctx) {
    close(((const timing_child *)ctx)->read_fd);
}

/* Each trial's CPU time, one word per trial, on the pipe. */
static void time_trials(void *ctx) {
    const timing_child *c = ctx;
    for (uint64_t i = 0; i < CALIBRATE_TRIALS && i < c->cfg->max_trials; i++) {
        uint64_t t0 = process_cpu_ns();
        c->cfg->program.run_trial(c->cfg->seed, i);
        uint64_t ns = process_cpu_ns() - t0;
        if (wire_write(c->write_fd, &ns, sizeof ns) != 0) break;
    }
}

double timeout_calibrate(const runner_config *cfg) {
    int p[2];
    double fallback = CALIBRATE_FACTOR * CALIBRATE_MIN_S;
    if (pipe2(p, O_CLOEXEC) != 0) return fallback;
    timing_child child = {cfg, p[0], p[1]};
    pid_t pid =
        confined_child_start(&(confined_child){&cfg->limits, close_read_end, NULL, time_trials, &child});
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return fallback;
    }
    close(p[1]);
    uint64_t slowest = 0, start = now_ms(), limit = (uint64_t)(CALIBRATE_WALL_S * 1000);
    for (;;) {
        uint64_t spent = now_ms() - start;
        if (spent >= limit || stop_request_pending()) break; /* the signal cut the poll short */
        struct pollfd w = {p[0], POLLIN, 0};
        int ready = poll(&w, 1, (int)(limit - spent));
        if (ready < 0 && errno == EINTR) continue;
        uint64_t ns;
        if (ready <= 0 || wire_read(p[0], &ns, sizeof ns) != 0) break;
        if (ns > slowest) slowest = ns;
    }
    close(p[0]);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
    double t = CALIBRATE_FACTOR * (double)slowest * 1e-9;
    return t > CALIBRATE_MIN_S ? t : CALIBRATE_MIN_S;
}
