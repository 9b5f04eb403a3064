/* stats/bounded_normal.h: the normal interval widened by Berry-Esseen, valid on [0, R] with no plug-in
 * moment. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BOUNDED_NORMAL_H
#define FREQSYS_BOUNDED_NORMAL_H

#include <stdint.h>

/* Why it is valid. For n i.i.d. counts in [0, R] with mean mu, standard deviation
 * sigma and absolute third central moment rho, and sample standard deviation s:
 *
 *  1. sigma <= s_up = min(s + R d, R / 2) and sigma >= s_lo = s - R d, each failing
 *     with probability at most delta, d = sqrt(2 ln(1 / delta) / (n - 1)) (Maurer and
 *     Pontil 2009, Theorem 10, scaled from [0, 1]; R / 2 is Popoviciu's bound, which
 *     always holds).
 *  2. |X - mu| <= R, so rho <= R sigma^2 and rho / sigma^3 <= R / sigma: Shevtsova's
 *     bound is at most BE = 0.33554 (R / s_lo + 0.415) / sqrt(n) whenever s_lo <= sigma.
 *  3. With u' the Berry-Esseen-widened quantile at the normal part's share a_n
 *     (2 (1 - Phi(u')) + 2 BE = a_n), P(|mean - mu| > u' sigma / sqrt(n)) <= a_n.
 *
 * u' grows as s_lo falls, so on the event s_lo <= sigma <= s_up the interval
 * mean +- u' s_up / sqrt(n) contains the one with the true sigma and its own quantile,
 * and misses mu with probability at most a_n. So the whole interval misses with
 * probability at most a_n + 2 delta = ALPHA: BOUNDED_NORMAL_SIGMA_SHARE of ALPHA goes
 * to each side of sigma, the rest to the normal tails. No moment of the trials
 * stands in for one of the law: a value the trials have not drawn yet is within R,
 * and R is what the bounds pay for. */
#define BOUNDED_NORMAL_SIGMA_SHARE 0.05

typedef struct bounded_normal {
    double half_width;  /* u' s_up / sqrt(n); infinity when no interval exists yet */
    double quantile;    /* u'; infinity when 2 BE leaves nothing of the normal share */
    double be;          /* the Berry-Esseen bound with the bounded moments; infinity when s_lo <= 0 */
    double sigma_upper; /* s_up */
    double sigma_lower; /* s_lo, at least 0 */
} bounded_normal;

/* The interval at level 1 - ALPHA for N counts in [0, RANGE] with sample standard
 * deviation STDDEV (divisor N - 1). Its half-width is infinite when N < 2, RANGE is
 * not positive and finite, ALPHA is not in (0, 1) or the bounds leave no normal
 * interval yet. Can't fail. */
void bounded_normal_interval(uint64_t n, double stddev, double range, double alpha, bounded_normal *out);

#endif
