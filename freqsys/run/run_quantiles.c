/* freqsys/run/run_quantiles.c: `run --quantiles` and `quantiles`: the levels, their checks, their result. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "confidence_sequence.h"
#include "quantile_check.h"
#include "run_option_table.h"
#include "run_state.h"

static int quantiles_active(const run_state *st, const char **shown) {
    *shown = NULL;
    return st->cfg.nquantile_levels > 0;
}

/* A quantile is of one run's count: a replicate's total, or a trial of several counted
 * calls, is a sum whose quantile is another's. Says, before the run, from how many
 * trials each level can have an upper end at all. */
static int quantiles_prepare(run_state *st) {
    const runner_config *cfg = &st->cfg;
    if (spec_counted_calls(st->s) > 1) {
        fprintf(stderr,
                "freqsys: error: quantiles are of one call's counts: a trial of %llu counted calls "
                "(`calls`, `warmup`) sums them; ask for them with calls 1\n",
                spec_counted_calls(st->s));
        return -1;
    }
    /* the spec's line with an option the table would refuse beside --quantiles */
    if (cfg->runs_per_trial > 1 || cfg->sampling != SAMPLING_PLAIN || st->o.rare) {
        fprintf(stderr,
                "freqsys: error: quantiles (the spec's `quantiles` line) are of one run's plain counts: "
                "not with %s\n",
                st->o.rare ? "--rare, whose counts are weighted"
                           : "a replicate method, whose trial is K runs");
        return -1;
    }
    if (st->o.quiet) return 0;
    for (uint32_t k = 0; k < cfg->nquantile_levels; k++) {
        double p = cfg->quantile_levels[k];
        uint64_t need = quantile_trials_for_upper(p, cfg->stop.alpha);
        if (need > 100)
            fprintf(stderr,
                    "freqsys: note: the %g quantile has an upper end from %llu trials on (without a "
                    "proven bound)\n",
                    p, (unsigned long long)need);
    }
    return 0;
}

static const char *status_name(quantile_status s) {
    return s == QUANTILE_SETTLED ? "converged" : s == QUANTILE_OPEN ? "not_converged" : "no_histogram";
}

/* Every block's quantile at every level, judged as the run's last look judged them. */
static int quantiles_result(result *r, const run_state *st, const runner_result *rr) {
    const runner_config *cfg = &st->cfg;
    size_t m = cfg->nquantile_levels, nb = cfg->mod->nblocks;
    if (!m || !rr->state.tallies || !rr->verdicts) return 0;
    r->quantile_levels = malloc(m * sizeof *r->quantile_levels);
    r->quantiles = calloc(nb * m + 1, sizeof *r->quantiles);
    if (!r->quantile_levels || !r->quantiles) return -1;
    memcpy(r->quantile_levels, cfg->quantile_levels, m * sizeof *r->quantile_levels);
    r->nquantile_levels = m;
    for (size_t j = 0; j < nb && j < r->nblocks; j++)
        for (size_t k = 0; k < m; k++) {
            result_quantile *q = &r->quantiles[r->nquantiles];
            quantile_bound b;
            quantile_status s = rr->trials
                                    ? quantile_check_block(cfg, j, &rr->state.tallies[j], &rr->verdicts[j],
                                                           cfg->quantile_levels[k], rr->trials, &b)
                                    : QUANTILE_OPEN;
            if (!rr->trials) b = (quantile_bound){0, 0, INFINITY};
            *q =
                (result_quantile){j, cfg->quantile_levels[k], b.value, b.low, b.high, strdup(status_name(s))};
            if (!q->status) return -1;
            r->nquantiles++;
        }
    return 0;
}

/* Derived from the tallies alone, which the checkpoint keeps: a resumed run given the
 * same levels continues them. */
const run_feature run_feature_quantiles = {quantiles_active, quantiles_prepare, quantiles_result, 1};
