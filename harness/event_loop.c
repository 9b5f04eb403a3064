/* harness/event_loop.c: a small poll(2) loop: readable descriptors and timed events call their handlers until
 * one says stop. */
/* SPDX-License-Identifier: MIT */
#include "event_loop.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int event_loop_init(event_loop *el, int nslots, void *ctx) {
    *el = (event_loop){.ctx = ctx, .nslots = nslots, .max_wait_ms = 50};
    el->fds = calloc(nslots > 0 ? (size_t)nslots : 1, sizeof *el->fds);
    if (!el->fds) return -1;
    for (int s = 0; s < nslots; s++) el->fds[s] = (struct pollfd){-1, POLLIN, 0};
    return 0;
}

void event_loop_free(event_loop *el) {
    free(el->fds);
    el->fds = NULL;
}

void event_loop_watch(event_loop *el, int slot, int fd) {
    el->fds[slot] = (struct pollfd){fd, POLLIN, 0};
}

int event_loop_add_timer(event_loop *el, double every_s, event_step_fn fn) {
    if (el->ntimers == EVENT_LOOP_MAX_TIMERS) return -1;
    el->timers[el->ntimers++] = (event_timer){every_s, now_s() + every_s, fn};
    return 0;
}

/* The wait until the next timer is due, at most the loop's longest wait. */
static int wait_ms(const event_loop *el) {
    double wait = el->max_wait_ms / 1e3, now = now_s();
    for (int i = 0; i < el->ntimers; i++) {
        double until = el->timers[i].every_s > 0 ? el->timers[i].due_s - now : wait;
        if (until < wait) wait = until;
    }
    return wait <= 0 ? 0 : (int)(wait * 1e3 + 0.999);
}

static int fire_readable(event_loop *el) {
    for (int s = 0; s < el->nslots; s++) {
        if (el->fds[s].fd < 0 || !(el->fds[s].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int rc = el->on_readable(el->ctx, s);
        if (rc) return rc;
    }
    return 0;
}

static int fire_timers(event_loop *el) {
    double now = now_s();
    for (int i = 0; i < el->ntimers; i++) {
        event_timer *t = &el->timers[i];
        if (t->every_s > 0 && now < t->due_s) continue;
        t->due_s = now + t->every_s;
        int rc = t->fn(el->ctx);
        if (rc) return rc;
    }
    return 0;
}

int event_loop_run(event_loop *el) {
    for (;;) {
        int rc = el->before_poll ? el->before_poll(el->ctx) : 0;
        if (rc) return rc;
        for (int s = 0; s < el->nslots; s++) el->fds[s].revents = 0;
        int n = poll(el->fds, (nfds_t)el->nslots, wait_ms(el));
        if (n < 0 && errno != EINTR) return -1;
        if (n > 0 && (rc = fire_readable(el)) != 0) return rc;
        if (el->after_events && (rc = el->after_events(el->ctx)) != 0) return rc;
        if ((rc = fire_timers(el)) != 0) return rc;
    }
}
