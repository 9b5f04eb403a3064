/* tests/e2e/drawn_globals-t.c: loop limits in drawn globals the program only reads, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* drawn_globals.c with n ~ uniform_int(0, 8), table ~ array(16, uniform_int(0, 4)),
 * pins[2] ~ uniform_int(1, 3), the first two of part ~ uniform_int(0, 2) (9 in the
 * other two), bumped and written ~ uniform_int(0, 8). */
static const e2e_bound proven[] = {
    {"main", 31, "for.cond", 9, "i < n, n drawn 0 to 8 and only read: 8 passes and the end"},
    {"main", 34, "for.cond", 16 * 5, "k < table[j], any element 0 to 4: 5 tests per entry, 16 entries"},
    {"main", 36, "for.cond", 4, "k < pins[2], the element pinned to 1 to 3: 3 passes and the end"},
    {"sum_below", 19, "for.cond", 9,
     "i < m, the caller's n passed in: 8 passes and the end, proven on the inlined copy"},
};

/* Near misses: not proven, each running past the bound its slip would give (0: none shown). */
static const e2e_miss near_misses[] = {
    {"main", 39, "for.cond", 4 * 3, "k < part[j]: only two of four elements drawn, 9 in the others"},
    {"main", 42, "for.cond", 9, "bumped's address passed to a function that adds 4"},
    {"main", 46, "for.cond", 0, "written is stored once where no trial goes: a store is a store"},
    {"count_below", 25, "for.cond", 9, "i < m, the caller's bumped passed in after 4 was added to it"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("drawn_globals", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    e2e_check_misses(r, near_misses, COUNT(near_misses));
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
