/* tests/harness/event_loop-t.c: checks that the event loop calls its handlers for readable and closed
 * descriptors and due timers, and stops when one says so. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "event_loop.h"

#include <unistd.h>

typedef struct seen {
    event_loop *loop;
    int passes, readable_slot, reads, after, timer_runs;
    int fd;
} seen;

static int count_pass(void *ctx) {
    ((seen *)ctx)->passes++;
    return 0;
}
static int count_after(void *ctx) {
    ((seen *)ctx)->after++;
    return 0;
}

static int read_one(void *ctx, int slot) {
    seen *s = ctx;
    char c;
    s->readable_slot = slot;
    if (read(s->fd, &c, 1) == 1)
        s->reads++;
    else
        event_loop_watch(s->loop, slot, -1); /* closed: nothing more to read */
    return 0;
}

/* Ends the loop with 5 once the byte was read. */
static int stop_after_read(void *ctx) {
    seen *s = ctx;
    s->timer_runs++;
    return s->reads ? 5 : 0;
}

static int stop_at_once(void *ctx) {
    (void)ctx;
    return 9;
}

static int stop_when_closed(void *ctx, int slot) {
    seen *s = ctx;
    char c;
    s->readable_slot = slot;
    return read(s->fd, &c, 1) == 0 ? 3 : 0;
}

int main(void) {
    plan(8);
    int p[2];
    if (pipe(p) != 0) bail("no pipe");
    event_loop el;
    seen s = {&el, 0, -1, 0, 0, 0, p[0]};
    if (event_loop_init(&el, 3, &s) != 0) bail("out of memory");
    el.before_poll = count_pass;
    el.on_readable = read_one;
    el.after_events = count_after;
    event_loop_watch(&el, 1, p[0]);
    if (write(p[1], "x", 1) != 1) bail("cannot write the pipe");
    if (event_loop_add_timer(&el, 0, stop_after_read) != 0) bail("no room for a timer");
    int rc = event_loop_run(&el);
    is_int(rc, 5, "the loop ends with what the handler that stopped it returned");
    is_int(s.readable_slot, 1, "the readable descriptor's slot was passed to its handler");
    is_int(s.reads, 1, "...once, for one byte");
    ok(s.passes >= 1 && s.after == s.passes && s.timer_runs == s.passes,
       "each pass ran the hook before polling, the one after the events, and the every-pass timer (%d "
       "passes)",
       s.passes);
    event_loop_free(&el);

    /* a timer due in a millisecond ends a loop that watches nothing */
    if (event_loop_init(&el, 3, &s) != 0) bail("out of memory");
    el.on_readable = read_one;
    if (event_loop_add_timer(&el, 0.001, stop_at_once) != 0) bail("no room for a timer");
    is_int(event_loop_run(&el), 9, "a timed event fires when due, with nothing to read");
    int room = 1;
    for (int i = 1; i < EVENT_LOOP_MAX_TIMERS; i++) room &= event_loop_add_timer(&el, 1, stop_at_once) == 0;
    ok(room && event_loop_add_timer(&el, 1, stop_at_once) == -1, "timers past the room for them are refused");
    event_loop_free(&el);

    /* a closed pipe counts as readable: that is how a dead worker shows */
    if (event_loop_init(&el, 2, &s) != 0) bail("out of memory");
    el.on_readable = stop_when_closed;
    event_loop_watch(&el, 0, p[0]);
    close(p[1]);
    s.readable_slot = -1;
    is_int(event_loop_run(&el), 3, "a closed descriptor calls its handler");
    is_int(s.readable_slot, 0, "...with its slot");
    event_loop_free(&el);
    close(p[0]);
    return done();
}
