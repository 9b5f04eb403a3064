/* bench/coverage/quantile_coverage.h: how often the quantiles' intervals hold the exact truth, the run
 * stopping as it does. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_QUANTILE_COVERAGE_H
#define FREQSYS_QUANTILE_COVERAGE_H

#include <stddef.h>
#include <stdint.h>
#include "models.h"

#define QUANTILE_COVERAGE_LEVELS 4

typedef struct quantile_coverage {
    int runs;
    size_t nlevels;
    uint64_t truth[MODELS_MAX_BLOCKS][QUANTILE_COVERAGE_LEVELS]; /* the law's quantile */
    int covered[MODELS_MAX_BLOCKS][QUANTILE_COVERAGE_LEVELS];    /* runs whose interval held it */
    int settled[MODELS_MAX_BLOCKS][QUANTILE_COVERAGE_LEVELS];    /* runs where it settled */
    int all_settled;                                             /* runs that ended with every one settled */
    double trials;                                               /* the mean trials at the stop */
} quantile_coverage;

/* Each block's exact quantile at LEVEL, min{x : P(count <= x) >= p}, from M's law
 * (a step of the law within 1e-9 of p counts as reaching it), into TRUTH[nblocks]. */
void quantile_coverage_truth(const model *m, double level, uint64_t *truth);

/* RUNS estimations of M's quantiles at LEVELS (at most QUANTILE_COVERAGE_LEVELS) the
 * way the run makes them: trials drawn from the exact law, every quantile judged by
 * quantile_check_block at the schedule's check points with the model's proven bounds
 * as ranges and its epsilon, a stop once all settle or at MAX_TRIALS; run r draws
 * from seed SEED + r. Returns 0, or -1 for too many levels or no memory. */
int quantile_coverage_measure(const model *m, const double *levels, size_t nlevels, double confidence,
                              int runs, uint64_t seed, uint64_t max_trials, quantile_coverage *out);

#endif
