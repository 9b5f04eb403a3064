/* tests/e2e/object_steps-t.c: loops bounded by a pointer moved through one object, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* object_steps.c under `arg s ~ string(uniform_int(0, 24), " ab,:")` and `arg out ~
 * buffer(16)`: the string's buffer holds at most 25 bytes, so a cursor that moves at
 * least a byte every way round returns to its loop's header at most 25 times per
 * entry (16 through the buffer). */
static const e2e_bound proven[] = {
    {"count_units", 32, "for.cond", 26,
     "s = next_unit(s, ...) moves 1 or 2 bytes through an inlined helper: 25 returns and the end"},
    {"count_fields", 52, "for.cond", 26,
     "p = token_end(p, ...), NULL on a bad byte and tested, then ++p: 25 returns and the end"},
    {"token_end", 41, "while.cond", 3 * 26,
     "++p until the end or ',', entered on every pass of count_fields's loop and of entered_twice_scan's, "
     "a loop entered at two blocks and twice a call: p's places grow over each whole loop, 25 returns "
     "and the end in each"},
    {"rescans", 161, "while.cond", 25 * 26,
     "q = s on every pass of the loop around it: 25 returns an entry, no fewer over the call"},
    {"last_field", 67, "while.cond", 33, "q-- through a 32-byte local buffer: 32 returns and the end"},
    {"entered_twice", 78, "for.cond", 26,
     "a cycle entered at its test and, by a goto, at its step of 1 or 2: cut at the test, 25 returns"},
    {"entered_twice", 81, "inside", 27,
     "...and the step once on the way to the cut and once after each run of it"},
    {"fill_out", 148, "for.cond", 17,
     "op through the drawn 16-byte buffer: 16 returns and the end (s through the string would give 26)"},
};

/* A near miss: not proven; where the slip that keeps it open would give the loop a
 * bound, its trials run the test more often than that (0: the slip's bound holds). */
typedef struct miss {
    const char *function;
    int line;
    double slip_bound;
    const char *why;
} miss;

static const miss near_misses[] = {
    {"zero_steps", 90, 0, "p += 0 or 1: a way round that may not move it"},
    {"two_objects", 102, 5, "p into a 4-byte local or the string: two objects"},
    {"parked", 120, 26, "mark = NULL every way round: NULL is no place to move from"},
    {"restarts", 131, 26, "p = back + 1: back is the start, not where p was"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 1 + 2 * COUNT(near_misses) + 4));
    char out[256];
    result *r = e2e_run_within_bounds("object_steps", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    for (size_t i = 0; i < COUNT(near_misses); i++) {
        const miss *m = &near_misses[i];
        const result_block *b =
            e2e_block_at(r, m->function, m->line, m->line == 120 ? "for.cond" : "while.cond");
        ok(b && isnan(b->max_runs), "%s line %d: %s: not proven (got %g)", m->function, m->line, m->why,
           b ? b->max_runs : -1.0);
        if (m->slip_bound > 0)
            ok(b && (double)b->max > m->slip_bound, "...and rightly: its test ran %llu times, more than %g",
               b ? (unsigned long long)b->max : 0ULL, m->slip_bound);
        else
            ok(b && (double)b->max >= 20, "...its test ran %llu times (the string's walk)",
               b ? (unsigned long long)b->max : 0ULL);
    }
    const result_block *again = e2e_block_at(r, "rescans", 161, "while.cond");
    ok(again && again->max > 26,
       "...and rightly: it ran %llu times, more than the 26 of one walk over the string",
       again ? (unsigned long long)again->max : 0ULL);
    result_free(r);
    unlink(tmp_path(out));

    /* object_steps.c's object_steps_again calls the entry too, but nothing a run
     * reaches calls it: the bounds above hold with it. reentry.c's entry is also
     * called by a function whose address a table keeps: its argument may be a string
     * of 63 bytes, so the walk of it is not bounded by the drawn one's 8. */
    r = e2e_run_within_bounds("reentry", out, sizeof out);
    const result_block *b = e2e_block_at(r, "reentry", 22, "while.cond");
    ok(b && isnan(b->max_runs),
       "reentry line 22: an entry a function with its address taken calls: not proven "
       "(got %g)",
       b ? b->max_runs : -1.0);
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
