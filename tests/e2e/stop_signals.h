/* tests/e2e/stop_signals.h: starts `freqsys run`, signals it once a phase is under way, and times its stop.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STOP_SIGNALS_H
#define FREQSYS_STOP_SIGNALS_H

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include "e2e.h"

/* The documented target is 2 s from the signal to the exit, measured well under it
 * on an idle machine; the tests allow this much, so that a loaded one still passes,
 * while a run that ignores the signal (minutes, or for ever) fails. */
#define STOP_SIGNALS_BOUND_S 10.0

/* A handshake that never comes (the phase never starts) fails after this long. */
#define STOP_SIGNALS_HANDSHAKE_S 120.0

__attribute__((unused)) static double stop_signals_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Starts `freqsys ARGS` as e2e_start does, its stderr into the test's file ERRNAME.
 * Returns its pid, or -1. */
__attribute__((unused)) static pid_t stop_signals_start(const char *args, const char *errname) {
    return e2e_start_to(args, tmp_path(errname));
}

/* Whether PID has ended (its status is left for stop_signals_stop to take). */
__attribute__((unused)) static int stop_signals_ended(pid_t pid) {
    siginfo_t info = {0};
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == pid;
}

/* Sends SIG to PID and waits for its end, at most STOP_SIGNALS_BOUND_S (then kills
 * it). Returns its exit status (-1: killed by a signal, or by the bound), with the
 * seconds from the signal to the end in *SECONDS. */
__attribute__((unused)) static int stop_signals_stop(pid_t pid, int sig, double *seconds) {
    double t0 = stop_signals_now();
    kill(pid, sig);
    struct timespec tick = {0, 5000000};
    int status = 0;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        *seconds = stop_signals_now() - t0;
        if (got == pid) break;
        if (*seconds > STOP_SIGNALS_BOUND_S) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        nanosleep(&tick, NULL);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Waits until the checkpoint PATH that PID writes records at least one trial
 * killed at its timeout: the sampling itself has begun and runs under timeouts.
 * Returns 1, or 0 when PID ended or the handshake did not come in time. */
__attribute__((unused)) static int stop_signals_wait_timeouts(pid_t pid, const char *path) {
    struct timespec tick = {0, 10000000};
    for (double t0 = stop_signals_now(); stop_signals_now() - t0 < STOP_SIGNALS_HANDSHAKE_S;) {
        char text[512] = "";
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
        if (f) fclose(f);
        text[n] = '\0';
        const char *at = strstr(text, "\"timeouts\":\"");
        if (at && atoll(at + strlen("\"timeouts\":\"")) > 0) return 1;
        if (stop_signals_ended(pid)) return 0;
        nanosleep(&tick, NULL);
    }
    return 0;
}

/* The text of the test's file NAME (at most LEN - 1 bytes) into BUF. */
__attribute__((unused)) static const char *stop_signals_text(const char *name, char *buf, size_t len) {
    FILE *f = fopen(tmp_path(name), "r");
    size_t n = f ? fread(buf, 1, len - 1, f) : 0;
    if (f) fclose(f);
    buf[n] = '\0';
    return buf;
}

#endif
