/* freqsys/plan/compact.h: per function, size-optimised or speed-optimised code: least flash within a cycle
 * budget. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COMPACT_H
#define FREQSYS_COMPACT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct compact_item {
    char *function;
    uint64_t size_oz, size_o2;   /* bytes at -Oz and at -O2 (no inlining) */
    double cycles_oz, cycles_o2; /* estimated cycles per run at each level */
    int oz;                      /* chosen: 1 size-optimised, 0 speed-optimised */
    int never_ran;               /* no trial entered it: a compression candidate */
    double ir_cycles_oz,
        ir_cycles_o2; /* the cycles as executed IR instructions, for comparison (0: a part) */
} compact_item;

typedef struct compact_plan {
    compact_item *items;
    size_t n;
    double max_slowdown; /* 0.05 for 5% */
    uint64_t size, size_all_o2, size_all_oz;
    double cycles, cycles_all_o2, cycles_all_oz;
    char *spec, *target, *mode;
    char estimate[512];  /* what the cycle figures are */
    unsigned flash_wait; /* wait states per fetch from flash in the cycle figures */
    int parts;           /* 1: items are the parts of profile-guided builds */
} compact_plan;

/* Chooses for every item -Oz or -O2 so that the total size is the least possible while
 * the total cycles stay within (1 + MAX_SLOWDOWN) x the cycles of all -O2, exactly: a
 * choice that is no larger and no slower is taken outright, the rest is a 0/1 knapsack
 * over the trade-offs (bytes saved against cycles added) solved by depth-first branch
 * and bound with the fractional bound. Fills the items' `oz` and P's totals. Returns 0,
 * or -1 when memory ran out. */
int compact_choose(compact_plan *p);

int compact_write_text(const compact_plan *p, FILE *out);
int compact_write_json(const compact_plan *p, FILE *out);
int compact_write_header(const compact_plan *p, FILE *out); /* minsize attributes per function */

void compact_free(compact_plan *p);

#endif
