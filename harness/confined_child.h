/* harness/confined_child.h: a forked process that runs the program confined, and waiting for it under a
 * per-run timeout. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CONFINED_CHILD_H
#define FREQSYS_CONFINED_CHILD_H

#include <stdint.h>
#include <sys/types.h>
#include "confine.h"

/* What the child does, each with CTX. */
typedef struct confined_child {
    const confine_limits *limits;
    void (*prepare)(void *ctx);                  /* before the limits (NULL: nothing) */
    void (*refused)(void *ctx, const char *why); /* the limits could not be applied (NULL: nothing) */
    void (*body)(void *ctx);                     /* the work, under the limits */
    void *ctx;
} confined_child;

/* Forks a child that dies with its parent, ignores SIGINT (Ctrl-C is the parent's
 * to handle), takes SIGTERM and SIGPIPE by default, has /dev/null for its standard
 * input and output (the program's output is not ours to show), runs C->prepare,
 * applies C->limits (confine_worker), runs C->body, and exits with status 0. When
 * the limits cannot be applied it runs C->refused and exits with
 * CONFINE_EXIT_STATUS instead. Returns the child's pid, or -1 with errno when it
 * could not fork. Flushes stdio first, so that nothing buffered is written twice. */
pid_t confined_child_start(const confined_child *c);

/* Waits for the child PID, which shows in *CURRENT the run it is in, and kills it
 * when one run (one value of *CURRENT) has used TIMEOUT_S of CPU time, or ten
 * times that plus a second of wall-clock time without computing (TIMEOUT_S 0: no
 * limit). CPU time, as the worker pool judges trials, so a busy machine does not
 * change the answer. Returns 0 with the wait status in *STATUS once the child
 * ended, 1 after it was killed for a timeout (*CURRENT then names the run), or 2
 * after it was killed because a stop was asked for (stop_request.h). */
int confined_child_wait(pid_t pid, const volatile uint64_t *current, double timeout_s, int *status);

#endif
