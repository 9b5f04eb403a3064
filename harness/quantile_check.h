/* harness/quantile_check.h: the run's quantiles of each block's count per run, judged at a check point. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_QUANTILE_CHECK_H
#define FREQSYS_QUANTILE_CHECK_H

#include <stdint.h>
#include "quantile_interval.h"
#include "runner_types.h"

/* How one block's quantile at one level stands. */
typedef enum quantile_status {
    QUANTILE_OPEN = 0,    /* its interval is wider than epsilon allows */
    QUANTILE_SETTLED,     /* within epsilon, at the look's share of the error */
    QUANTILE_NO_HISTOGRAM /* the block's count took more distinct values than the tally keeps */
} quantile_status;

/* Block J's quantile at LEVEL over TALLY (N trials), with VERDICT the rule's on its
 * mean (for an exact block, and a range that rests on a cap the trials broke).
 * The error is the block's alpha spent over the check points (the anytime share of
 * confidence_sequence.h), so the interval holds at whichever look the run stops.
 * The range is the proven bound per run, or the cap when smaller, never a count
 * seen. Can't fail (a quantile it cannot judge is open, or has no histogram). */
quantile_status quantile_check_block(const runner_config *cfg, uint64_t j, const tally *tally,
                                     const block_verdict *verdict, double level, uint64_t n,
                                     quantile_bound *b);

/* 1 when every block's quantile at every one of CFG's levels is settled over
 * TALLIES of N trials; a block whose histogram is gone cannot be judged and does not
 * hold the run (the result says so). *FIRST_OPEN: the block found open last, where
 * the next look starts. */
int quantile_check_all(const runner_config *cfg, const tally *tallies, const block_verdict *verdicts,
                       uint64_t n, uint64_t *first_open);

#endif
