/* freqsys/bounds/rules.h: the table of the rules that bound loops and calls, one row a rule. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BOUNDS_RULES_H
#define FREQSYS_BOUNDS_RULES_H

#include <stddef.h>
#include "loop_cfg.h"
#include "walk_bounds.h"

/* What a rule that bounds one loop's passes is given: the function's graph, the loop
 * (its blocks COMP, its header) as the walks see it. */
typedef struct loop_rule_args {
    cfg *g;
    const walk_loop *walk;
    const unsigned char *comp;
    unsigned header;
} loop_rule_args;

/* One rule. NAME is its bullet in docs/statistics.md ("No verdict without a bound"),
 * TAG how its code names it (`Rule (TAG)` in FILE), NEAR_MISS the test that runs it
 * and keeps its near misses unproven. PASSES, where set, bounds the passes of the
 * loop's header per entry (-1: no bound); loop_bounds.c takes the least of the rows
 * that have one. Rows without it are applied inside another rule (the ranges of
 * values inside counted loops) or over the whole module (caps, calls). */
typedef struct loop_rule {
    const char *name;
    const char *proves;
    const char *file;
    const char *tag;
    const char *near_miss;
    wide (*passes)(const loop_rule_args *a);
} loop_rule;

extern const loop_rule loop_rules[];
extern const size_t loop_rules_count;

/* The least bound the rows with a PASSES give the loop, or -1 when none does. */
wide loop_rules_passes(const loop_rule_args *a);

#endif
