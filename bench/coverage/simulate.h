/* bench/coverage/simulate.h: one estimation run in-process, on counts drawn from a model's exact law. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SIMULATE_H
#define FREQSYS_SIMULATE_H

#include <stdint.h>
#include "models.h"
#include "stop_rule.h"
#include "tally.h"

/* What one run ended with, per block. */
typedef struct simulation {
    uint64_t trials;                        /* the check point the run stopped at */
    int converged;                          /* every block settled */
    double mean[MODELS_MAX_BLOCKS];         /* the estimates at the stop */
    block_verdict verdict[MODELS_MAX_BLOCKS];
    uint64_t settled_at[MODELS_MAX_BLOCKS]; /* the first check point it settled at (0: never) */
    tally tallies[MODELS_MAX_BLOCKS];       /* scratch, kept between runs to save allocations */
} simulation;

void simulate_init(simulation *s);
void simulate_free(simulation *s);

/* Runs the estimation of M the way the runner does (trials in order, the rule applied
 * to every block at the schedule's check points with the model's static facts, a
 * stop when all blocks are settled, when every open one is stuck past STOP_GIVE_UP_P
 * as the runner gives up, or at MAX_TRIALS) on trials drawn from R.
 * Returns 0, or -1 when memory ran out. */
int simulate_run(const model *m, const stop_params *p, gsl_rng *r, uint64_t max_trials, simulation *s);

#endif
