/* tests/e2e/capacity-t.c: counts bounded by the capacity test before each step, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* capacity.c under `arg n ~ uniform_int(0, 30)`, `arg m ~ uniform_int(0, 6)`: every count
 * steps in two loops, so only the test before each step can bound it (the counters
 * rule needs the steps in one loop). */
static const e2e_bound proven[] = {
    {"capacity", 43, "for.cond", 13,
     "p.next stepped by take() only below cap = 12, tested zero-extended: 12 passes and the end"},
    {"capacity", 43, "for.body", 12, "...its body once a pass"},
    {"capacity", 44, "for.cond", 10, "used < 8 before used++ and used += 2: at most 7 + 2, and the end"},
};

/* A near miss: not proven, and its trials run the loop's test more often than 10, what
 * the rule would give it were the slip that keeps it open missed. */
typedef struct miss {
    int line;
    const char *why;
} miss;

static const miss near_misses[] = {
    {45, "w++ whatever the test before it found: the test guards another block"},
    {46, "w2++ after a test of v, another variable"},
    {47, "w3 = n + k stored between the test and the step"},
    {48, "w4 > 3 before w4++: the test bounds it from below only"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("capacity", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    for (size_t i = 0; i < COUNT(near_misses); i++) {
        const miss *m = &near_misses[i];
        const result_block *b = e2e_block_at(r, "capacity", m->line, "for.cond");
        ok(b && isnan(b->max_runs), "line %d: %s: not proven (got %g)", m->line, m->why,
           b ? b->max_runs : -1.0);
        ok(b && (double)b->max > 10, "...and rightly: its test ran %llu times, more than 10",
           b ? (unsigned long long)b->max : 0ULL);
    }
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
