/* tests/e2e/unsigned_steps-t.c: cursors stepped by lengths C declares unsigned, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* unsigned_steps.c under `arg s ~ string(uniform_int(0, 24), "0123b")` and `arg out ~
 * buffer(16)`: a size_t step is at least 0 as C reads it, so a cursor moved a byte
 * and then by one returns to its loop's header at most 25 times per entry (16
 * through the buffer). */
static const e2e_bound proven[] = {
    {"literals", 11, "while.cond", 26,
     "ip++ and then ip += lit, a size_t that read signed may be below 0: 25 returns and the end"},
    {"long_runs", 36, "while.cond", 26,
     "ip++ and then ip += extra, a size_t an inlined helper returns: 25 returns and the end"},
    {"extended", 29, "do.cond", 26, "*pp moved a byte a pass through the caller's cursor"},
    {"sums", 128, "while.cond", 26,
     "ip++ and then ip += zeros - 1 + none, unsigned arithmetic on size_t variables: 25 returns and the end"},
    {"fill_out", 51, "while.cond", 17,
     "op++ and then op += extra, an unsigned int of no known greatest value, widened: 16 returns and "
     "the end"},
};

/* A near miss: a bound only from its counter k < 30 (31 at the header), not the
 * cursor's 26, and rightly: its trials pass the header more often than 26 times. */
typedef struct miss {
    const char *function;
    int line;
    const char *why;
} miss;

static const miss near_misses[] = {
    {"signed_steps", 67, "ip += d for a long d, which is -1 at a '0': a step back"},
    {"up_steps", 83, "q-- and then q += up, a size_t: an unsigned step moves a cursor up, not down"},
    {"int_steps", 97, "ip += d for an int d, widened with its sign"},
    {"signed_sums", 144, "ip++ and then ip += (long)zeros - 1, signed arithmetic: -1 at a byte but '0'"},
    {"zero_steps", 113,
     "p += zeros, a size_t that is 0 at any byte but '0': a way round that may not move it"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("unsigned_steps", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    for (size_t i = 0; i < COUNT(near_misses); i++) {
        const miss *m = &near_misses[i];
        const result_block *b = e2e_block_at(r, m->function, m->line, "while.cond");
        ok(b && b->max_runs == 31, "%s line %d: %s: at most 31, from its counter (got %g)", m->function,
           m->line, m->why, b ? b->max_runs : -1.0);
        ok(b && (double)b->max > 26, "...and rightly: its test ran %llu times, more than the cursor's 26",
           b ? (unsigned long long)b->max : 0ULL);
    }
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
