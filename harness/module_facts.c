/* harness/module_facts.c: the static facts the stopping rule takes from an instrumented module. */
/* SPDX-License-Identifier: MIT */
#include "module_facts.h"

#include <math.h>
#include "stop_rule.h"

unsigned runner_block_facts(const fsabi_block *b) {
    return (b->flags & FSABI_BLOCK_ONCE ? STOP_FACT_ONCE : 0u) |
           (b->flags & FSABI_BLOCK_AT_MOST_ONCE ? STOP_FACT_AT_MOST_ONCE : 0u);
}

double runner_block_max_runs(const fsabi_block *b) {
    return b->max_runs == FSABI_RUNS_UNBOUNDED ? INFINITY : (double)b->max_runs;
}

uint64_t runner_family_size(const fsabi_module *mod) {
    uint64_t k = mod->npaths +
                 mod->ncontext_counters; /* every path, every block in a context is an estimate of its own */
    for (uint64_t j = 0; j < mod->nblocks; j++) k += !(mod->blocks[j].flags & FSABI_BLOCK_ONCE);
    return k;
}

double runner_path_max_runs(const fsabi_path *p) {
    return p->max_runs == FSABI_RUNS_UNBOUNDED ? INFINITY : (double)p->max_runs;
}

double runner_context_max_runs(const fsabi_module *mod, uint64_t k) {
    uint32_t context;
    uint32_t b = fsabi_context_block(mod, k, &context);
    double block = runner_block_max_runs(&mod->blocks[b]);
    uint32_t per_call = mod->block_per_call ? mod->block_per_call[b] : FSABI_RUNS_UNBOUNDED;
    uint32_t entries = mod->contexts[context].max_entries;
    if (per_call == FSABI_RUNS_UNBOUNDED || entries == FSABI_RUNS_UNBOUNDED) return block;
    double in_context = (double)per_call * (double)entries;
    return in_context < block ? in_context : block;
}
