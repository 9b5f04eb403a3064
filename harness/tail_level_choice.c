/* harness/tail_level_choice.c: each block's tail level chosen for the run's epsilon. */
/* SPDX-License-Identifier: MIT */
#include "tail_level_choice.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pilot_config.h"
#include "runner.h"

double tail_level_budget(const stop_params *p) {
    double least = p->relative ? p->floor / (1.0 + p->epsilon) : p->epsilon; /* as the rule's epsilon */
    return least > 0.0 ? TAIL_EPSILON_SHARE * least : 0.0;
}

int tail_level_choose(const fsabi_module *mod, double budget, const double *budgets, tail_level_choice *out) {
    out->module = *mod;
    out->blocks = NULL;
    out->nchanged = 0;
    if (mod->ntail_levels == 0 || (!(budget > 0.0) && !budgets)) return 0;
    fsabi_block *blocks = malloc(mod->nblocks * sizeof *blocks);
    if (!blocks) return -1;
    memcpy(blocks, mod->blocks, mod->nblocks * sizeof *blocks);
    uint64_t last = UINT64_MAX; /* the block that took a level: its rows after are higher */
    for (uint64_t k = 0; k < mod->ntail_levels; k++) {
        const fsabi_tail_level *r = &mod->tail_levels[k];
        if (r->block >= mod->nblocks || r->block == last) continue;
        const fsabi_block *row = &mod->blocks[r->block];
        if (!(row->tail_mass > 0.0) || row->max_runs == FSABI_RUNS_UNBOUNDED) continue;
        double fits = budgets && budgets[r->block] > budget ? budgets[r->block] : budget;
        if (!(r->tail_mass <= fits) || (double)r->max_runs > TAIL_LEVEL_GAIN * (double)row->max_runs)
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

int tail_level_pilot(const runner_config *base, double *budgets, char *err, size_t errlen) {
    runner_config cfg = pilot_config(
        base, SAMPLING_PLAIN, 1, pilot_seed(base->seed, 0x9e3779b97f4a7c15u + 0x6c6576656c73u /* "levels" */),
        TAIL_PILOT_TRIALS);
    runner_result rr;
    if (runner_run(&cfg, &rr) != 0) {
        snprintf(err, errlen, "the pilot for the tails' levels failed: %s", rr.error);
        runner_result_free(&rr, fsabi_ncounters(cfg.mod));
        return -1;
    }
    if (rr.interrupted || rr.time_limited) { /* stopped, or the run's time spent: no level */
        runner_result_free(&rr, fsabi_ncounters(cfg.mod));
        return 1;
    }
    const stop_params *p = &base->stop;
    for (uint64_t j = 0; j < cfg.mod->nblocks; j++) {
        const tally_moments *m = &rr.moments[j];
        double low = m->n > 1 ? m->mean - 3.0 * m->stddev / sqrt((double)m->n) : 0.0;
        double epsilon =
            p->relative ? (p->epsilon * fmax(low, 0.0) + p->floor) / (1.0 + p->epsilon) : p->epsilon;
        budgets[j] = epsilon > 0.0 ? TAIL_EPSILON_SHARE * epsilon : 0.0;
    }
    runner_result_free(&rr, fsabi_ncounters(cfg.mod));
    return 0;
}

void tail_level_choice_free(tail_level_choice *c) {
    free(c->blocks);
    c->blocks = NULL;
}
