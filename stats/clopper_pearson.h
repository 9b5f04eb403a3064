/* stats/clopper_pearson.h: exact binomial confidence bounds on a probability. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CLOPPER_PEARSON_H
#define FREQSYS_CLOPPER_PEARSON_H

#include <stdint.h>

/* Bounds on p from K successes in N independent Bernoulli(p) trials, each exact in
 * the Clopper-Pearson sense: the bound misses p with probability at most ALPHA,
 * whatever p is (never less than the stated confidence, only more).
 *
 * clopper_pearson_upper: the p at which P(Binomial(N, p) <= K) = ALPHA, i.e. the
 * one-sided upper bound at confidence 1 - ALPHA; 1 when K == N. For K == 0 it is
 * 1 - ALPHA^(1/N) (about 3/N at ALPHA 0.05, the rule of three).
 * clopper_pearson_lower: the p at which P(Binomial(N, p) >= K) = ALPHA; 0 when K == 0.
 * A two-sided interval at confidence 1 - ALPHA takes each bound at ALPHA / 2.
 * Both return NaN when N == 0, K > N or ALPHA is not in (0, 1). Can't fail otherwise. */
double clopper_pearson_upper(uint64_t k, uint64_t n, double alpha);
double clopper_pearson_lower(uint64_t k, uint64_t n, double alpha);

/* The least N at which K == 0 successes bound p by LIMIT at level ALPHA:
 * 1 - ALPHA^(1/N) <= LIMIT. Returns 1 when LIMIT >= 1, and 1e18 when LIMIT <= 0. */
double clopper_pearson_zero_trials(double limit, double alpha);

#endif
