/* freqsys/plan/compact_estimate.c: per-function sizes and estimated cycles at -Oz and -O2, from the estimate.
 */
/* SPDX-License-Identifier: MIT */
#include "compact_estimate.h"

#include <stdlib.h>
#include <string.h>
#include "plan.h"

/* Cycles per run of part P run from flash with FLASH_WAIT wait states per fetch. */
static double part_cycles(const code_part *p, unsigned flash_wait) {
    double sum = 0;
    for (size_t k = 0; k < p->nblocks; k++)
        sum += p->blocks[k].runs *
               (p->blocks[k].cycles + (double)flash_wait * (double)p->blocks[k].bytes / PLAN_FETCH_BYTES);
    return sum;
}

/* One item per part both builds keep. */
static void part_items(const code_sizes *oz, const code_sizes *o2, unsigned flash_wait, compact_plan *p) {
    for (size_t i = 0; i < o2->parts.n; i++) {
        const code_part *q2 = &o2->parts.parts[i], *qz = code_parts_find(&oz->parts, q2->name);
        if (!qz || !qz->size || !q2->size) continue;
        compact_item *it = &p->items[p->n++];
        it->function = strdup(q2->name);
        it->size_oz = qz->size;
        it->size_o2 = q2->size;
        it->cycles_oz = part_cycles(qz, flash_wait);
        it->cycles_o2 = part_cycles(q2, flash_wait);
        it->never_ran = q2->entries <= 0 && qz->entries <= 0;
        const code_size_function *fz = code_size_find(oz, q2->name), *f2 = code_size_find(o2, q2->name);
        it->ir_cycles_oz = fz ? fz->ir_cycles : 0;
        it->ir_cycles_o2 = f2 ? f2->ir_cycles : 0;
    }
}

/* Executed -O0 IR instructions per run of function F: the sum over its blocks of the
 * block's mean times its instruction count. */
static double executed_o0(const result *r, const code_size_function *f, unsigned long *static_o0) {
    double sum = 0;
    *static_o0 = 0;
    for (size_t k = 0; k < f->nblocks; k++) *static_o0 += f->weights[k];
    for (size_t j = 0; j < r->nblocks; j++) {
        const result_block *b = &r->blocks[j];
        if (strcmp(b->function, f->name) != 0) continue;
        for (size_t k = 0; k < f->nblocks; k++)
            if (strcmp(f->labels[k], b->block) == 0) sum += b->mean * f->weights[k];
    }
    return sum;
}

static int in_result(const result *r, const char *name, int *ran) {
    int found = 0;
    *ran = 0;
    for (size_t j = 0; j < r->nblocks; j++)
        if (strcmp(r->blocks[j].function, name) == 0) {
            found = 1;
            if (r->blocks[j].hits > 0) *ran = 1;
        }
    return found;
}

int compact_estimate(const result *r, code_sizes *oz, code_sizes *o2, const char *target, unsigned flash_wait,
                     double max_slowdown, compact_plan *p, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    p->max_slowdown = max_slowdown;
    p->flash_wait = flash_wait;
    p->parts = oz->parts.n > 0 && o2->parts.n > 0;
    p->spec = strdup(r->spec ? r->spec : "");
    p->target = strdup(target);
    p->mode = strdup(r->mode ? r->mode : "");
    p->items = calloc(o2->n + o2->parts.n + 1, sizeof *p->items);
    if (!p->items || !p->spec || !p->target || !p->mode) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(p->estimate, sizeof p->estimate,
             "cycles: executed IR instructions per %s, one cycle each: the estimate's block means times the "
             "blocks' -O0 instruction counts, scaled per function by its instruction count after -Oz or -O2 "
             "over that at -O0 (builds without inlining, unrolling or vectorising, so no loop is copied)",
             strcmp(p->mode, "function") == 0 ? "call" : "run");
    if (p->parts)
        snprintf(p->estimate, sizeof p->estimate,
                 "cycles: per %s on %s, llvm-mca's cycles for each machine block times its runs (from the "
                 "profile-guided builds without inlining), plus %u wait states per 32-bit fetch from flash",
                 strcmp(p->mode, "function") == 0 ? "call" : "run", target, flash_wait);
    /* the older estimate, per function, kept for comparison */
    for (size_t i = 0; i < o2->n; i++) {
        code_size_function *f2 = &o2->functions[i], *fz = (code_size_function *)code_size_find(oz, f2->name);
        int ran;
        if (!fz || !in_result(r, f2->name, &ran)) continue;
        unsigned long static_o0;
        double executed = executed_o0(r, f2, &static_o0);
        fz->ir_cycles = static_o0 ? executed * (double)fz->optimized_instructions / (double)static_o0 : 0;
        f2->ir_cycles = static_o0 ? executed * (double)f2->optimized_instructions / (double)static_o0 : 0;
    }
    if (p->parts) part_items(oz, o2, flash_wait, p);
    for (size_t i = 0; i < o2->n && !p->parts; i++) {
        const code_size_function *f2 = &o2->functions[i], *fz = code_size_find(oz, f2->name);
        int ran;
        if (!fz || !in_result(r, f2->name, &ran) || f2->size == 0 || fz->size == 0) continue;
        unsigned long static_o0;
        double executed = executed_o0(r, f2, &static_o0);
        compact_item *it = &p->items[p->n++];
        it->function = strdup(f2->name);
        it->size_oz = fz->size;
        it->size_o2 = f2->size;
        it->cycles_oz = static_o0 ? executed * (double)fz->optimized_instructions / (double)static_o0 : 0;
        it->cycles_o2 = static_o0 ? executed * (double)f2->optimized_instructions / (double)static_o0 : 0;
        it->ir_cycles_oz = it->cycles_oz;
        it->ir_cycles_o2 = it->cycles_o2;
        it->never_ran = !ran;
    }
    if (p->n == 0) {
        snprintf(err, errlen, "no function of the result was found in the program built for %s", target);
        return -1;
    }
    if (compact_choose(p) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}
