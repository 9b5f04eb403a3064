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

/* Near misses: not proven, each running past the bound its slip would give (0: none shown). */
static const e2e_miss near_misses[] = {
    {"pointees", 27, "for.cond", 0, "u < (unsigned)a->delta: -3 to 3 read unsigned is no range"},
    {"pointees", 30, "for.cond", 9, "b->taps += 4 first: written through the pointer"},
    {"pointees", 34, "for.cond", 9, "d kept in a global, through which a callee adds 4"},
    {"pointees", 36, "for.cond", 7, "k < *left, *left += 4 inside the loop: a store the next test sees"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int main(void) {
    plan((int)(3 + COUNT(proven) + 2 * COUNT(near_misses)));
    char out[256];
    result *r = e2e_run_within_bounds("pointees", out, sizeof out);
    e2e_check_bounds(r, proven, COUNT(proven));
    e2e_check_misses(r, near_misses, COUNT(near_misses));
    result_free(r);
    unlink(tmp_path(out));
    return done();
}
