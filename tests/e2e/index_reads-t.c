/* tests/e2e/index_reads-t.c: indexes that read a drawn string on every pass, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* index_reads.c under `arg s ~ string(uniform_int(0, 24), "11a")`: the string's buffer
 * holds at most 25 bytes, so an index that steps by one from 0 and reads through a
 * pointer into it on every pass returns at most 25 times per entry, whatever the
 * limit it is tested against (here a count no rule gives a greatest value). */
static const e2e_bound proven[] = {
    {"number_at", 16, "for.cond", 26, "p[i] with p two bytes into the string: 25 returns and the end"},
    {"sum_of", 23, "for.cond", 26, "s[i] up to and with the NUL: all 25 bytes, reached by a string of 24"},
};

/* Near misses: not proven, each running past the bound the slip would give. */
static const e2e_miss near_misses[] = {
    {"first_three", 30, "for.cond", 26, "p[i] read only while i < 3: the index may run past the string"},
    {"number_either", 38, "for.cond", 26, "p into the string or a 64-byte local: two objects"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("index_reads", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    e2e_check_misses(r, near_misses, COUNT(near_misses));
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
