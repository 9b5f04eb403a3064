/* stats/berry_esseen.h: how far a mean can be from normal, and the interval widened to pay for it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BERRY_ESSEEN_H
#define FREQSYS_BERRY_ESSEEN_H

#include <stdint.h>

#define BERRY_ESSEEN_C 0.33554 /* Shevtsova (2011), identically distributed summands */
#define BERRY_ESSEEN_A 0.415

/* Shevtsova's bound on sup_x |P(standardised mean of N trials <= x) - Phi(x)| for a
 * law with standard deviation S and absolute third central moment RHO:
 * 0.33554 (RHO / S^3 + 0.415) / sqrt(N). Returns 0 when S == 0 (nothing to
 * approximate) and +infinity when S or RHO is not finite or N == 0. Can't fail. */
double berry_esseen_bound(double s, double rho, uint64_t n);

/* The widened normal quantile: the least u' with 2 (1 - Phi(u')) + 2 BE <= ALPHA.
 * If the standardised mean is within BE of the normal law everywhere, then
 * P(|standardised mean| > u') <= 2 (1 - Phi(u')) + 2 BE <= ALPHA, so mean +- u' S /
 * sqrt(N) is an interval at confidence 1 - ALPHA that does not rely on N being
 * "large". Returns +infinity when 2 BE >= ALPHA (no interval can be claimed).
 * Can't fail. */
double berry_esseen_quantile(double alpha, double be);

#endif
