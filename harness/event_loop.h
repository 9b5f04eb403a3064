/* harness/event_loop.h: a small poll(2) loop: readable descriptors and timed events call their handlers until
 * one says stop. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EVENT_LOOP_H
#define FREQSYS_EVENT_LOOP_H

#include <stddef.h>

/* Every handler gets the loop's context and returns 0 to go on; anything else ends
 * event_loop_run, which returns it. */
typedef int (*event_step_fn)(void *ctx);
typedef int (*event_file_fn)(void *ctx, int slot);

#define EVENT_LOOP_MAX_TIMERS 4

typedef struct event_timer {
    double every_s, due_s; /* every 0: on every pass */
    event_step_fn fn;
} event_timer;

/* One pass: BEFORE_POLL (hand out work, read messages), poll the watched slots for
 * at most MAX_WAIT_MS (less when a timer is due sooner), ON_READABLE for each slot
 * with something to read (or closed), AFTER_EVENTS, then the timers that are due. */
typedef struct event_loop {
    void *ctx;
    struct pollfd *fds; /* one per slot; fd -1: not watched */
    int nslots;
    int max_wait_ms;
    event_step_fn before_poll, after_events;
    event_file_fn on_readable;
    event_timer timers[EVENT_LOOP_MAX_TIMERS];
    int ntimers;
} event_loop;

/* NSLOTS unwatched slots. Returns 0, or -1 when memory ran out. */
int event_loop_init(event_loop *el, int nslots, void *ctx);
void event_loop_free(event_loop *el);

/* Watches FD for slot SLOT (-1: nothing). */
void event_loop_watch(event_loop *el, int slot, int fd);

/* FN every EVERY_S seconds of the monotonic clock, first at EVERY_S from now (0:
 * after every pass). Returns 0, or -1 when there is no room for another timer. */
int event_loop_add_timer(event_loop *el, double every_s, event_step_fn fn);

/* Runs passes until a handler returns nonzero, and returns that; -1 when poll
 * failed. */
int event_loop_run(event_loop *el);

#endif
