/* bench/coverage/quantile_coverage.c: how often the quantiles' intervals hold the exact truth, the run
 * stopping as it does. */
/* SPDX-License-Identifier: MIT */
#include "quantile_coverage.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "quantile_check.h"
#include "schedule.h"

/* The law of one block's count, as weights by value (values are small). */
typedef struct law_walk {
    size_t block;
    double *weight; /* [cap] */
    size_t cap;
} law_walk;

static void add_point(double weight, const uint64_t *counts, void *ctx) {
    law_walk *w = ctx;
    uint64_t v = counts[w->block];
    if (v < w->cap) w->weight[v] += weight;
}

void quantile_coverage_truth(const model *m, double level, uint64_t *truth) {
    enum { MOST = 1 << 16 };
    double *weight = malloc(MOST * sizeof *weight);
    for (size_t j = 0; j < m->nblocks; j++) {
        truth[j] = UINT64_MAX;
        if (!weight) continue;
        memset(weight, 0, MOST * sizeof *weight);
        law_walk w = {j, weight, MOST};
        m->each(add_point, &w);
        double below = 0;
        for (uint64_t x = 0; x < MOST; x++) {
            below += weight[x];
            if (below >= level - 1e-9) {
                truth[j] = x;
                break;
            }
        }
    }
    free(weight);
}

/* A module of M's blocks with its proven bounds, for quantile_check_block. */
typedef struct fake_module {
    fsabi_block blocks[MODELS_MAX_BLOCKS];
    fsabi_module mod;
} fake_module;

static void fake_of(const model *m, fake_module *f) {
    memset(f, 0, sizeof *f);
    for (size_t j = 0; j < m->nblocks; j++)
        f->blocks[j].max_runs = m->max_runs[j] < 0 ? FSABI_RUNS_UNBOUNDED : (uint32_t)m->max_runs[j];
    f->mod.nblocks = m->nblocks;
    f->mod.blocks = f->blocks;
}

int quantile_coverage_measure(const model *m, const double *levels, size_t nlevels, double confidence,
                              int runs, uint64_t seed, uint64_t max_trials, quantile_coverage *out) {
    if (nlevels > QUANTILE_COVERAGE_LEVELS) return -1;
    memset(out, 0, sizeof *out);
    out->runs = runs;
    out->nlevels = nlevels;
    uint64_t truth[MODELS_MAX_BLOCKS];
    for (size_t k = 0; k < nlevels; k++) {
        quantile_coverage_truth(m, levels[k], truth);
        for (size_t j = 0; j < m->nblocks; j++) out->truth[j][k] = truth[j];
    }
    fake_module f;
    fake_of(m, &f);
    runner_config cfg = {0};
    cfg.mod = &f.mod;
    stop_params_init(&cfg.stop, m->epsilon, m->relative, confidence);
    tally tallies[MODELS_MAX_BLOCKS];
    for (size_t j = 0; j < m->nblocks; j++) tally_init(&tallies[j]);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (!r) return -1;
    block_verdict none = {0}; /* nothing proven exact: the check judges every block from its trials */
    double trials = 0;
    for (int run = 0; run < runs; run++) {
        gsl_rng_set(r, seed + (uint64_t)run);
        for (size_t j = 0; j < m->nblocks; j++) tally_reset(&tallies[j]);
        uint64_t n = 0, next = schedule_next(0, max_trials);
        quantile_bound b[MODELS_MAX_BLOCKS][QUANTILE_COVERAGE_LEVELS];
        quantile_status s[MODELS_MAX_BLOCKS][QUANTILE_COVERAGE_LEVELS];
        for (;;) {
            uint64_t counts[MODELS_MAX_BLOCKS] = {0};
            m->trial(r, counts);
            for (size_t j = 0; j < m->nblocks; j++)
                if (counts[j]) tally_add(&tallies[j], counts[j], 1);
            if (++n < next) continue;
            int all = 1;
            for (size_t j = 0; j < m->nblocks; j++)
                for (size_t k = 0; k < nlevels; k++) {
                    s[j][k] = quantile_check_block(&cfg, j, &tallies[j], &none, levels[k], n, &b[j][k]);
                    all &= s[j][k] != QUANTILE_OPEN;
                }
            if (all || n >= max_trials) {
                out->all_settled += all;
                break;
            }
            next = schedule_next(n, max_trials);
        }
        trials += (double)n;
        for (size_t j = 0; j < m->nblocks; j++)
            for (size_t k = 0; k < nlevels; k++) {
                double t = (double)out->truth[j][k];
                out->covered[j][k] += (double)b[j][k].low <= t && t <= b[j][k].high;
                out->settled[j][k] += s[j][k] == QUANTILE_SETTLED;
            }
    }
    out->trials = runs ? trials / runs : 0;
    for (size_t j = 0; j < m->nblocks; j++) tally_free(&tallies[j]);
    gsl_rng_free(r);
    return 0;
}
