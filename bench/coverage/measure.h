/* bench/coverage/measure.h: coverage and trials of R independent estimations against exact truths. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MEASURE_H
#define FREQSYS_MEASURE_H

#include <stdint.h>
#include "models.h"
#include "stop_rule.h"

/* Per block, over R runs. */
typedef struct block_coverage {
    double truth, sigma;           /* exact mean and standard deviation of the count */
    double epsilon;                /* the precision asked of it: absolute, or a share of the truth */
    int covered;                   /* runs whose estimate was within epsilon of the truth */
    int claims, claims_held;       /* runs that ended with it settled, and those whose claim held */
    int rare, rare_bounded;        /* runs ending "rare", and those whose bound held the truth */
    int exact;                     /* runs ending "exact" */
    double settled;                /* mean check point at which it first settled */
    double n_star;                 /* oracle (u sigma / epsilon)^2 with the block's own u */
    double be_floor_ratio;         /* the bounded normal interval's width at n_star, with s the true sigma,
                                    * over the plain one's, squared: what validity costs (infinite: none) */
    const char *method;            /* the method of the last run */
} block_coverage;

typedef struct coverage {
    int runs, converged;
    int all_covered;               /* runs with every block within epsilon at once */
    int false_converged;           /* runs that converged with some block's claim false */
    double trials;                 /* mean trials per run */
    block_coverage block[MODELS_MAX_BLOCKS];
} coverage;

/* Runs R estimations of M with parameters P (epsilon absolute) on generator seeds
 * SEED, SEED + 1, ..., each capped at MAX_TRIALS, and fills C. Returns 0, or -1 when
 * memory ran out. */
int measure_coverage(const model *m, const stop_params *p, int r, uint64_t seed, uint64_t max_trials, coverage *c);

/* The largest count c with P(Binomial(R, GAMMA) < c) <= ALPHA: fewer covering runs
 * than c reject "coverage >= GAMMA" at level ALPHA (an exact binomial test), so a
 * rule whose coverage is at least GAMMA falls below c with probability <= ALPHA. */
int measure_threshold(int r, double gamma, double alpha);

#endif
