/* freqsys/plan/plan.h: a code-placement plan: which functions go to fast memory, which to compress. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PLAN_H
#define FREQSYS_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "code_size.h"
#include "result.h"

typedef struct plan_block {
    char *label;
    int line;
    uint64_t size;          /* bytes attributed to the block (its share of instructions) */
    double heat;
} plan_block;

typedef struct plan_item {
    char *function;
    uint64_t size;          /* bytes on the target */
    double heat;            /* bytes fetched per run: sum over blocks of mean x size */
    double entries;         /* calls per run (its entry block's mean) */
    double standing;        /* stationary probability of the call-transition chain */
    int selected;           /* in fast memory */
    int cold;               /* never ran: a candidate for compression or slow flash */
    plan_block *blocks;
    size_t nblocks;
} plan_item;

typedef struct plan_point { uint64_t budget; double selected_heat; } plan_point;

typedef struct plan {
    char *target;
    uint64_t budget;
    plan_item *items;       /* ranked by heat, hottest first */
    size_t n;
    double selected_heat, total_heat;
    uint64_t selected_size, total_size;
    plan_point curve[16];   /* the optimum at budgets from 1/16 of all code to all of it */
    size_t ncurve;
    char note[512];         /* e.g. sizes from a retargeted host build */
    char libc[512];         /* which C library headers the target build used */
    char *spec, *mode, *entry;
    size_t *order;          /* item indices in the C3 layout order (call_order.h) */
    size_t *order_cluster;  /* each position's cluster */
} plan;

/* Builds the plan for result R with code sizes C: heat per function and block,
 * the exact knapsack within BUDGET bytes, the coverage curve, the cold functions and
 * the standing probabilities. Returns 0, or -1 with a message in ERR. */
int plan_build(const result *r, const code_sizes *c, const char *target, uint64_t budget, plan *p,
               char *err, size_t errlen);

void plan_free(plan *p);

/* Writers (plan_write.c). Each returns 0, or -1 when writing failed. */
int plan_write_text(const plan *p, FILE *out);
int plan_write_json(const plan *p, FILE *out);
int plan_write_ld(const plan *p, FILE *out);       /* a GNU ld / ld.lld script fragment */
int plan_write_header(const plan *p, FILE *out);   /* section attribute markers for C */
int plan_write_order(const plan *p, FILE *out);    /* the function order as *(.text.NAME) lines */

#endif
