/* stats/betting_interval.h: the betting confidence interval for the mean of bounded counts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BETTING_INTERVAL_H
#define FREQSYS_BETTING_INTERVAL_H

#include <stddef.h>
#include <stdint.h>
#include "tally.h"

/* Waudby-Smith and Ramdas, "Estimating means of bounded random variables by
 * betting" (JRSS-B 2024): for counts X_1..X_n in [0, R], scaled to y = X / R in
 * [0, 1], and a candidate mean m, the capital
 *
 *     K+_t(m) = prod_{i <= t} (1 + l+_i (y_i - m)),   K-_t(m) = prod_{i <= t} (1 - l-_i (y_i - m))
 *
 * is a nonnegative martingale when E y = m, for bets l_i fixed by y_1..y_{i-1}
 * (predictable). The bets here are the paper's predictable plug-in for a fixed n,
 *
 *     l_i = sqrt(2 ln(2 / alpha) / (n s_{i-1}^2)),   clipped to 3/4 / m (K+) and 3/4 / (1 - m) (K-),
 *     s_i^2 = (1/4 + sum_{j <= i} (y_j - mu_j)^2) / (i + 1),   mu_i = (1/2 + sum_{j <= i} y_j) / (i + 1).
 *
 * By Ville's inequality P(some K+_t(m) >= 2 / alpha, t <= n) <= alpha / 2 at the true
 * m, and likewise for K-, so the m at which neither side ever reaches 2 / alpha form
 * an interval holding E X with probability >= 1 - alpha. Both capitals are monotone
 * in m (K+ falls, K- rises), so the interval's ends are found by bisection.
 *
 * The tally keeps how many trials gave each count, not their order. The bets need an
 * order, and the trials are i.i.d., so any order drawn independently of the counts
 * is as good as theirs: given its multiset, an i.i.d. sample is in a uniformly random
 * order, and the multiset put in a uniformly random order (Fisher-Yates, on a stream
 * of its own from SEED) has the sample's law. The interval is valid over that draw. */

typedef struct betting_order {
    uint16_t *at;  /* per position, the index into value[] of its count */
    double *value; /* distinct counts scaled to [0, 1]; value[0] is 0 */
    uint64_t n;
} betting_order;

/* The largest n the interval is made for (its order takes 2 bytes a trial). */
#define BETTING_MAX_TRIALS ((uint64_t)1 << 25)

/* Puts the N trials of tally T (those not in its histogram count 0) in a random order
 * drawn from SEED, each count divided by RANGE. Returns 0, or -1 when T has no
 * histogram, N exceeds BETTING_MAX_TRIALS or is below T's hits, a count exceeds
 * RANGE, RANGE is not positive and finite, or memory ran out (O is then empty). */
int betting_order_make(betting_order *o, const tally *t, uint64_t n, double range, uint64_t seed);

void betting_order_free(betting_order *o);

/* 0 when even the best constant bet in hindsight on side SIDE would leave the
 * capital short of 2 / ALPHA at the scaled mean M, for the N trials of T (each
 * count divided by RANGE): the predictable bets then hardly ever reject M, and
 * their pass over every trial can be spared. A screen for speed only: whatever it
 * says, the interval stays valid. 1 otherwise, and when it cannot tell. */
int betting_interval_could_reject(const tally *t, uint64_t n, double range, double m, int side, double alpha);

/* 1 when the capital on side SIDE (+1: K+, against means below; -1: K-, against
 * means above) reaches 2 / ALPHA at some t <= n for the scaled mean M in (0, 1): M is
 * then outside the interval. Can't fail. */
int betting_interval_rejects(const betting_order *o, double m, int side, double alpha);

/* The interval's ends, in counts (RANGE the scale of O), found to within TOL counts
 * and rounded outward, for a caller that knows the means REACH below and above
 * ESTIMATE are rejected (or outside [0, RANGE]): LOWER in [ESTIMATE - REACH, ESTIMATE],
 * UPPER in [ESTIMATE, ESTIMATE + REACH], both within [0, RANGE]. Can't fail. */
void betting_interval_bounds(const betting_order *o, double range, double estimate, double reach,
                             double alpha, double tol, double *lower, double *upper);

#endif
