/* stats/quantile_interval.h: a count's quantile per run, its interval from order statistics (any law). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_QUANTILE_INTERVAL_H
#define FREQSYS_QUANTILE_INTERVAL_H

#include <stdint.h>
#include "tally.h"

/* The p-quantile of a count X is q = min{x : P(X <= x) >= p}. Of n independent
 * trials sorted, X(1) <= ... <= X(n), and B ~ Binomial(n, p):
 *
 *     P(X(l) > q) = P(#{X_i <= q} < l) <= P(B <= l - 1)    (P(X <= q) >= p)
 *     P(X(u) < q) = P(#{X_i < q} >= u) <= P(B >= u)        (P(X < q) <= p)
 *
 * for any law, discrete ones included. Taking l the largest rank with
 * P(B <= l - 1) <= alpha / 2 and u the smallest with P(B >= u) <= alpha / 2 gives
 * [X(l), X(u)] containing q with probability >= 1 - alpha. Where no rank l >= 1
 * qualifies the lower end is 0 (counts are not negative); where no u <= n does, the
 * upper end is the count's proven or assumed range R, or none. */
typedef struct quantile_ranks {
    uint64_t n;
    uint64_t low;   /* l, 0: none (the lower end is 0) */
    uint64_t high;  /* u, n + 1: none (the upper end is the range) */
    uint64_t point; /* ceil(p n), at least 1: the empirical quantile's rank */
} quantile_ranks;

/* The ranks for N trials at level P in (0, 1) and error ALPHA in (0, 1). Returns 0,
 * or -1 when an argument is out of its range or N is past 2^32 - 1 (the binomial
 * law's library takes no more). */
int quantile_ranks_of(uint64_t n, double p, double alpha, quantile_ranks *r);

/* The fewest trials at which the interval has an upper end of its own (u <= n), at
 * level P and error ALPHA for every look (an under-estimate under the anytime share,
 * which falls as the trials grow). Can't fail; 0 for arguments out of range. */
uint64_t quantile_trials_for_upper(double p, double alpha);

typedef struct quantile_bound {
    uint64_t value; /* X(point): the trials' own p-quantile */
    uint64_t low;   /* X(l), or 0 */
    double high;    /* X(u), or RANGE; +infinity when neither exists */
} quantile_bound;

/* The quantile of the count whose tally is T over N trials (N - hits of them 0), at
 * the ranks R (made for the same N), with RANGE the largest count one trial can give
 * (+infinity: none). CENSORED of the trials were stopped (killed at their timeout)
 * while the count still grew: their counts are lower than their runs' would have been,
 * which only the upper end has to allow for. Returns 0, or -1 when T has no histogram
 * (overflow mode). */
int quantile_bound_of(const tally *t, const quantile_ranks *r, double range, uint64_t censored,
                      quantile_bound *b);

/* Whether B answers the quantile to within EPSILON: absolute, or under RELATIVE a
 * share of the quantile plus FLOOR. The true quantile lies in [low, high], so the
 * value is off by at most the larger of its distances to the ends, and the quantile
 * is at least low. Can't fail. */
int quantile_bound_settled(const quantile_bound *b, double epsilon, int relative, double floor);

#endif
