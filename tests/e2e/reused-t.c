/* tests/e2e/reused-t.c: loops whose counter other code set before: proven where no such value reaches them.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* reused.c under `arg s ~ string(uniform_int(1, 3), "-9")`, `arg n ~ uniform_int(0, 30)`:
 * strtol gives the counter a value of no known range before each loop. */
static const e2e_bound proven[] = {
    {"reused", 9, "for.cond", 8, "i = 3 before the loop: strtol's value, stored before, never reaches it"},
    {"reused", 9, "for.body", 7, "...its body"},
    {"reused", 13, "for.cond", 7, "i = 4 on every way from strtol's value to the loop"},
};

/* A near miss: not proven, and its trials run the loop's test more often than NAIVE, the
 * bound it would get were the value of no range taken for one that never reaches it. */
typedef struct miss {
    int line;
    double naive;
    const char *why;
} miss;

static const miss near_misses[] = {
    {18, 11, "strtol's value reaches the loop when the goto skips i = 0"},
    {20, 22, "strtol's value reaches the inner loop round the outer one"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("reused", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    for (size_t i = 0; i < COUNT(near_misses); i++) {
        const miss *m = &near_misses[i];
        const result_block *b = e2e_block_at(r, "reused", m->line, "for.cond");
        ok(b && isnan(b->max_runs), "line %d: %s: not proven (got %g)", m->line, m->why,
           b ? b->max_runs : -1.0);
        ok(b && (double)b->max > m->naive, "...and rightly: its test ran %llu times, more than %g",
           b ? (unsigned long long)b->max : 0ULL, m->naive);
    }
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
