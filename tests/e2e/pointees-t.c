/* tests/e2e/pointees-t.c: loop limits the runtime writes behind pointer arguments, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* pointees.c with a.taps, b.taps, d.taps ~ uniform_int(0, 8), a.delta ~
 * uniform_int(-3, 3), s ~ string(0..12 of "ab"), len ~ ref(length(s)) and left ~
 * ref(uniform_int(0, 6)). */
static const e2e_bound proven[] = {
    {"pointees", 20, "for.cond", 9, "i < a->taps, a field drawn 0 to 8, read only: 8 passes and the end"},
    {"pointees", 22, "for.cond", 1, "j < a->spare, a field no line declares: the runtime's 0, the end only"},
    {"pointees", 23, "for.body", 0, "...so its body never runs"},
    {"pointees", 24, "for.cond", 13,
     "k < *len, ref(length(s)) of a string of at most 12, written back only after the loop: 12 passes and "
     "the end"},
};

/* A near miss: not proven; where the slip that keeps it open would give the loop
 * the drawn field's bound, its trials run the test more often (0: not shown). */
typedef struct miss {
    int line;
    double slip_bound;
    const char *why;
} miss;

static const miss near_misses[] = {
    {27, 0, "u < (unsigned)a->delta: -3 to 3 read unsigned is no range"},
    {30, 9, "b->taps += 4 first: written through the pointer"},
    {34, 9, "d kept in a global, through which a callee adds 4"},
    {36, 7, "k < *left, *left += 4 inside the loop: a store the next test sees"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("pointees", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    for (size_t i = 0; i < COUNT(near_misses); i++) {
        const miss *m = &near_misses[i];
        const result_block *b = e2e_block_at(r, "pointees", m->line, "for.cond");
        ok(b && isnan(b->max_runs), "line %d: %s: not proven (got %g)", m->line, m->why,
           b ? b->max_runs : -1.0);
        if (m->slip_bound > 0)
            ok(b && (double)b->max > m->slip_bound, "...and a trial tests it %llu times, past the slip's %g",
               b ? (unsigned long long)b->max : 0ULL, m->slip_bound);
        else
            ok(b && b->max >= 1, "...and the trials reach it (%llu at most)",
               b ? (unsigned long long)b->max : 0ULL);
    }
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
