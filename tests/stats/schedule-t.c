/* tests/stats/schedule-t.c: checks the fixed check points of the stopping rule. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "schedule.h"

#include <stdint.h>

int main(void) {
    plan(19);

    is_int((long long)schedule_next(0, 1000000), 30, "the first check is at 30 trials");
    is_int((long long)schedule_next(29, 1000000), 30, "...also from 29");
    is_int((long long)schedule_next(30, 1000000), 32, "30 -> 32 (ceil of 31.5)");
    is_int((long long)schedule_next(31, 1000000), 32, "a count between points gets the next point");
    is_int((long long)schedule_next(98, 1000000), 103, "98 -> 103 (ceil of 102.9)");
    is_int((long long)schedule_next(100, 1000000), 103, "100 is not a point: 103 is the next");

    /* Walk the whole sequence and compare each step with ceil(p * 105 / 100), which
     * is the same number computed another way. */
    uint64_t p = 30, points = 1;
    int steps_ok = 1, ratio_ok = 1;
    while (p < 10000000) {
        uint64_t q = schedule_next(p, UINT64_MAX);
        if (q != (p * 105 + 99) / 100) steps_ok = 0;
        if ((double)q > 1.05 * (double)p + 1.0) ratio_ok = 0;
        p = q;
        points++;
    }
    ok(steps_ok, "every step is ceil(n * 1.05)");
    ok(ratio_ok, "...so the stop overshoots the previous point by at most 5%% + 1");
    /* From 30 to 10^7 at 5%: log(10^7/30) / log(1.05) is about 261 steps; the
     * rounding up makes the early steps larger, so a little fewer. */
    ok(points > 200 && points < 262, "about 260 points up to 10^7 (got %llu)", (unsigned long long)points);

    is_int((long long)schedule_next(0, 10), 10, "max below 30: the only check is max");
    is_int((long long)schedule_next(10, 10), 10, "...and at max it answers max");
    is_int((long long)schedule_next(98, 100), 100, "never beyond max: max is the last check");
    is_int((long long)schedule_next(5000, 100), 100, "past max: max");
    is_int((long long)schedule_next(0, 0), 0, "max 0: 0");
    ok(schedule_next(UINT64_MAX - 3, UINT64_MAX) == UINT64_MAX, "near 2^64 the step does not wrap");

    /* The index of a look. */
    is_int((long long)schedule_index(30), 0, "30 is look 0");
    is_int((long long)schedule_index(32), 1, "32 is look 1");
    is_int((long long)schedule_index(31), 1, "31 (a budget between points) gets the next index");
    uint64_t q = 30, k = 0;
    int idx_ok = 1;
    while (q < 10000000) {
        if (schedule_index(q) != k) idx_ok = 0;
        q = schedule_next(q, UINT64_MAX);
        k++;
    }
    ok(idx_ok && schedule_index(0) == 0, "every point up to 10^7 has its position as index; 0 is look 0");
    return done();
}
