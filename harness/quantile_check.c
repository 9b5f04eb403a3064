/* harness/quantile_check.c: the run's quantiles of each block's count per run, judged at a check point. */
/* SPDX-License-Identifier: MIT */
#include "quantile_check.h"

#include <math.h>
#include "confidence_sequence.h"
#include "module_facts.h"

/* The largest count one run can give: proven, or the cap when smaller. A bound that
 * holds only in a tail of the inputs' laws, or rests on a cap a trial broke, is none. */
static double range_of(const runner_config *cfg, uint64_t j, const block_verdict *v) {
    const fsabi_block *b = &cfg->mod->blocks[j];
    if (v->cap_exceeded || b->tail_mass > 0) return INFINITY;
    double r = runner_block_max_runs(b);
    if (cfg->stop.cap > 0 && cfg->stop.cap < r) r = cfg->stop.cap;
    return r;
}

quantile_status quantile_check_block(const runner_config *cfg, uint64_t j, const tally *tally,
                                     const block_verdict *verdict, double level, uint64_t n,
                                     quantile_bound *b) {
    *b = (quantile_bound){0, 0, INFINITY};
    if (verdict->method == METHOD_EXACT && !verdict->cap_exceeded) {
        /* proven: once in every trial, or never (no trial reached it) */
        uint64_t exact = tally->hits > 0 ? 1 : 0;
        *b = (quantile_bound){exact, exact, (double)exact};
        return QUANTILE_SETTLED;
    }
    quantile_ranks r;
    double alpha = confidence_sequence_alpha(n, cfg->stop.alpha);
    if (quantile_ranks_of(n, level, alpha, &r) != 0) return QUANTILE_OPEN;
    /* trials killed at their timeout while the block ran: counts cut short */
    if (quantile_bound_of(tally, &r, range_of(cfg, j, verdict), verdict->unbounded, b) != 0)
        return QUANTILE_NO_HISTOGRAM;
    return quantile_bound_settled(b, cfg->stop.epsilon, cfg->stop.relative, cfg->stop.floor)
               ? QUANTILE_SETTLED
               : QUANTILE_OPEN;
}

int quantile_check_all(const runner_config *cfg, const tally *tallies, const block_verdict *verdicts,
                       uint64_t n, uint64_t *first_open) {
    uint64_t nb = cfg->mod->nblocks;
    for (uint64_t k = 0; k < nb; k++) {
        uint64_t j = (*first_open + k) % nb;
        for (uint32_t q = 0; q < cfg->nquantile_levels; q++) {
            quantile_bound b;
            if (quantile_check_block(cfg, j, &tallies[j], &verdicts[j], cfg->quantile_levels[q], n, &b) ==
                QUANTILE_OPEN) {
                *first_open = j;
                return 0;
            }
        }
    }
    return 1;
}
