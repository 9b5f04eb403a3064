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
    uint64_t size; /* bytes attributed to the block (its share of instructions) */
    double heat;
} plan_block;

typedef struct plan_item {
    char *function;
    uint64_t size;   /* bytes on the target */
    double heat;     /* bytes fetched per run: sum over blocks of mean x size */
    double entries;  /* calls per run (its entry block's mean) */
    double standing; /* stationary probability of the call-transition chain */
    double cycles;   /* llvm-mca's cycles per run executing it, no wait states (0: not measured) */
    double stall;    /* wait-state cycles per run fetching it from flash: what fast memory saves */
    int selected;    /* in fast memory */
    int cold;        /* never ran: a candidate for compression or slow flash */
    plan_block *blocks;
    size_t nblocks;
    char **callees; /* the symbols its code calls or jumps to (parts only), each once */
    size_t ncallees;
} plan_item;

typedef struct plan_point {
    uint64_t budget;
    double selected_heat;
} plan_point;

typedef struct plan {
    char *target;
    uint64_t budget;
    plan_item *items; /* ranked by heat, hottest first */
    size_t n;
    double selected_heat, total_heat;
    uint64_t selected_size, total_size;
    plan_point curve[16]; /* the optimum at budgets from 1/16 of all code to all of it */
    size_t ncurve;
    char note[512];   /* e.g. sizes from a retargeted host build */
    char libc[512];   /* which C library headers the target build used */
    char timing[200]; /* whose timing the cycles are when llvm-mca has none for the CPU; or "" */
    char *spec, *mode, *entry;
    size_t *order;          /* item indices in the C3 layout order (call_order.h) */
    size_t *order_cluster;  /* each position's cluster */
    int parts;              /* 1: items are the parts of the profile-guided build (code_parts.h) */
    unsigned flash_wait;    /* wait states per 32-bit fetch from flash */
    double cycles_in_flash; /* estimated cycles per run with all code in flash */
    double cycles_saved;    /* ... and what the selected items in fast memory save of them */
    unsigned thunk_size;    /* bytes of one long-branch thunk on the target; 0: none needed */
    size_t thunks;          /* the chosen items' callees left in flash: a thunk each */
    uint64_t thunk_bytes;   /* thunks x thunk_size, counted within the budget */
} plan;

#define PLAN_FETCH_BYTES 4 /* a Cortex-M fetches 32 bits at a time; each fetch from flash waits */

/* Builds the plan for result R with code sizes C: heat per item and block, the exact
 * knapsack within BUDGET bytes, the coverage curve, the cold items and the standing
 * probabilities. When C has parts (a profile-guided build), the items are the parts,
 * each block's heat its runs times its encoded bytes, and each item's stall
 * FLASH_WAIT x heat / PLAN_FETCH_BYTES; otherwise the items are functions, their
 * heat shared out from the result's blocks. Returns 0, or -1 with a message in ERR. */
int plan_build(const result *r, const code_sizes *c, const char *target, uint64_t budget, unsigned flash_wait,
               plan *p, char *err, size_t errlen);

void plan_free(plan *p);

/* Writers (plan_write.c). Each returns 0, or -1 when writing failed. */
int plan_write_text(const plan *p, FILE *out);
int plan_write_json(const plan *p, FILE *out);
int plan_write_ld(const plan *p, FILE *out);     /* a GNU ld / ld.lld script fragment */
int plan_write_header(const plan *p, FILE *out); /* section attribute markers for C */
int plan_write_order(const plan *p, FILE *out);  /* the function order as *(.text.NAME) lines */
int plan_write_html(const plan *p, FILE *out);   /* one page (plan_html.c) */

#endif
