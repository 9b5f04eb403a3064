/* stats/confidence_sequence.h: intervals that hold at every check point at once (the anytime method). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CONFIDENCE_SEQUENCE_H
#define FREQSYS_CONFIDENCE_SEQUENCE_H

#include <stdint.h>

/* The run looks at the data only at the check points of schedule.c. Giving the look
 * with index k (0 for the first point) the error share
 *
 *     alpha_k = ALPHA / (zeta(1.2) (k + 1)^1.2),      sum over k = ALPHA,
 *
 * and an interval that is valid at level alpha_k for a fixed number of trials, makes
 * the intervals at all looks hold together with probability >= 1 - ALPHA (a union
 * bound). Any rule that decides when to stop from what it has seen at the looks then
 * keeps the guarantee: this is a confidence sequence over the schedule's points.
 *
 * confidence_sequence_alpha: alpha_k for the look at N trials (k = schedule_index(N)).
 * Returns 0 when ALPHA is not in (0, 1). Can't fail otherwise. */
double confidence_sequence_alpha(uint64_t n, double alpha);

/* The half-width of the empirical Bernstein interval (Maurer and Pontil 2009,
 * Theorem 4, both sides) for the mean of N >= 2 independent counts in [0, CAP] with
 * unbiased sample variance VARIANCE, at level ALPHA_LOOK:
 *
 *     sqrt(2 VARIANCE L / N) + 7 CAP L / (3 (N - 1)),   L = ln(4 / ALPHA_LOOK).
 *
 * The mean is within it of the expectation with probability >= 1 - ALPHA_LOOK, for
 * any law on [0, CAP] (no normal approximation). Returns +infinity when N < 2, CAP
 * is not finite or ALPHA_LOOK is not in (0, 1). Can't fail. */
double confidence_sequence_half_width(uint64_t n, double variance, double cap, double alpha_look);

#endif
