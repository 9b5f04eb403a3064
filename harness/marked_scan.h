/* harness/marked_scan.h: which counters of a function to read, from the marks its blocks set. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MARKED_SCAN_H
#define FREQSYS_MARKED_SCAN_H

#include <stdint.h>
#include <string.h>
#include "freqsys/abi.h"

/* The next run of counters [*LO, *HI) of the function whose counters are [FIRST,
 * FIRST + N) that may hold a count, from *POS on (FIRST at the start); returns 0 when
 * none is left. The counters outside the marked groups (fsabi_marked_groups: the
 * function's ends, or all of a small function, or all when MARKS is NULL) are always
 * returned; of the groups, only the marked ones, whose marks this clears: the caller
 * reads and clears their counters. Adjacent marked groups come as one run. So a
 * function of thousands of blocks costs the groups that ran and a byte per group,
 * read eight at a time, instead of every counter. */
static inline int marked_scan_next(uint8_t *marks, uint64_t first, uint64_t n, uint64_t *pos, uint64_t *lo,
                                   uint64_t *hi) {
    uint64_t end = first + n, g0, g1;
    if (*pos >= end) return 0;
    fsabi_marked_groups(first, n, &g0, &g1);
    uint64_t mid = g0 * FSABI_MARK_GROUP, last = g1 * FSABI_MARK_GROUP;
    if (!marks || g0 == g1 || *pos >= last) {
        *lo = *pos; /* a small function, no marks, or the tail */
        *hi = *pos = end;
        return 1;
    }
    if (*pos < mid) { /* the head: the part of a group the function shares */
        *lo = *pos;
        *hi = *pos = mid;
        return 1;
    }
    uint64_t g = *pos / FSABI_MARK_GROUP;
    /* 32 marks a step while all are clear (a trial's marks are few and far apart),
     * then 8, then one */
    for (; g + 32 <= g1; g += 32) {
        uint64_t a, b, x, y; /* in registers: an array would go through the stack */
        memcpy(&a, marks + g, 8);
        memcpy(&b, marks + g + 8, 8);
        memcpy(&x, marks + g + 16, 8);
        memcpy(&y, marks + g + 24, 8);
        if (a | b | x | y) break;
    }
    for (uint64_t w; g + 8 <= g1; g += 8) {
        memcpy(&w, marks + g, sizeof w);
        if (w) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            g += (uint64_t)__builtin_ctzll(w) / 8;
#endif
            break;
        }
    }
    while (g < g1 && !marks[g]) g++;
    if (g == g1) { /* no group left marked: the tail, if any */
        *pos = last;
        if (last == end) return 0;
        *lo = last;
        *hi = *pos = end;
        return 1;
    }
    uint64_t h = g;
    while (h < g1 && marks[h]) marks[h++] = 0;
    *lo = g * FSABI_MARK_GROUP;
    *hi = *pos = h * FSABI_MARK_GROUP;
    return 1;
}

#endif
