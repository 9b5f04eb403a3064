/* harness/stop_request.c: SIGINT and SIGTERM as one request to stop, which every phase of a run checks. */
/* SPDX-License-Identifier: MIT */
#include "stop_request.h"

#include <stddef.h>

static volatile sig_atomic_t requested; /* the signal, 0: none */
static int depth;                       /* installs not yet restored */
static struct sigaction old_int, old_term;

static void on_stop_signal(int sig) {
    requested = sig;
}

void stop_request_install(void) {
    depth++;
    if (depth > 1) return;
    struct sigaction sa = {0};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    requested = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
}

void stop_request_restore(void) {
    if (depth == 0) return;
    depth--;
    if (depth > 0) return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

int stop_request_pending(void) {
    return requested;
}

const volatile sig_atomic_t *stop_request_flag(void) {
    return &requested;
}
