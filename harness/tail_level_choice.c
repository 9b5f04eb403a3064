/* harness/tail_level_choice.c: each block's tail level chosen for the run's epsilon. */
/* SPDX-License-Identifier: MIT */
#include "tail_level_choice.h"

#include <stdlib.h>
#include <string.h>

double tail_level_budget(const stop_params *p) {
    double least = p->relative ? p->floor : p->epsilon;
    return least > 0.0 ? TAIL_EPSILON_SHARE * least : 0.0;
}

int tail_level_choose(const fsabi_module *mod, double budget, tail_level_choice *out) {
    out->module = *mod;
    out->blocks = NULL;
    out->nchanged = 0;
    if (mod->ntail_levels == 0 || !(budget > 0.0)) return 0;
    fsabi_block *blocks = malloc(mod->nblocks * sizeof *blocks);
    if (!blocks) return -1;
    memcpy(blocks, mod->blocks, mod->nblocks * sizeof *blocks);
    uint64_t last = UINT64_MAX; /* the block that took a level: its rows after are higher */
    for (uint64_t k = 0; k < mod->ntail_levels; k++) {
        const fsabi_tail_level *r = &mod->tail_levels[k];
        if (r->block >= mod->nblocks || r->block == last) continue;
        const fsabi_block *row = &mod->blocks[r->block];
        if (!(row->tail_mass > 0.0) || row->max_runs == FSABI_RUNS_UNBOUNDED) continue;
        if (!(r->tail_mass <= budget) || (double)r->max_runs > TAIL_LEVEL_GAIN * (double)row->max_runs)
            continue;
        blocks[r->block].max_runs = r->max_runs;
        blocks[r->block].tail_mass = r->tail_mass;
        last = r->block;
        out->nchanged++;
    }
    if (out->nchanged == 0) {
        free(blocks);
        return 0;
    }
    out->blocks = blocks;
    out->module.blocks = blocks;
    return 0;
}

void tail_level_choice_free(tail_level_choice *c) {
    free(c->blocks);
    c->blocks = NULL;
}
