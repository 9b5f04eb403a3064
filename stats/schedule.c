/* stats/schedule.c: the check points 30, then about 5% apart, in integers. */
/* SPDX-License-Identifier: MIT */
#include "schedule.h"

#define FIRST_CHECK 30

/* The point after P: ceil(P * 1.05) = P + ceil(P / 20), done in integers so every
 * machine agrees on every point. Returns 0 when it would not fit in 64 bits. */
static uint64_t after(uint64_t p) {
    uint64_t step = p / 20 + (p % 20 != 0);
    if (step == 0) step = 1;
    return p > UINT64_MAX - step ? 0 : p + step;
}

uint64_t schedule_next(uint64_t n, uint64_t max) {
    if (n >= max) return max;
    /* Walk the fixed sequence from its start, so any N (not only a check point)
     * gets the first point above it; that takes a few hundred steps at most. */
    uint64_t p = FIRST_CHECK;
    while (p <= n) {
        p = after(p);
        if (p == 0) return max;
    }
    return p < max ? p : max;
}

uint64_t schedule_index(uint64_t n) {
    uint64_t p = FIRST_CHECK, k = 0;
    while (p < n) {
        p = after(p);
        k++;
        if (p == 0) break;
    }
    return k;
}
