/* harness/stop_rule.h: the FreqSys stopping rule (CLT + Berry-Esseen) for one block. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STOP_RULE_H
#define FREQSYS_STOP_RULE_H

#include "tally.h"

typedef enum block_status {
    BLOCK_NOT_CONVERGED = 0,
    BLOCK_CONVERGED,       /* CLT half-width <= epsilon and the Berry-Esseen check holds */
    BLOCK_CONSTANT,        /* zero variance over every trial so far */
    BLOCK_RARE             /* reached in too few trials for the normal approximation */
} block_status;

typedef enum block_method {
    METHOD_CLT = 0,        /* normal approximation, checked by Berry-Esseen */
    METHOD_OBSERVED,       /* constant: the same count in every trial */
    METHOD_BINOMIAL        /* rare: exact binomial (Clopper-Pearson) bound on reaching it */
} block_method;

typedef struct stop_params {
    double epsilon;        /* absolute, or a share of the mean when relative */
    int relative;
    double confidence;     /* gamma */
    /* derived by stop_params_init */
    double u;              /* standard normal quantile of (1 + gamma) / 2 */
    double be_limit;       /* (1 - gamma) / 10 */
} stop_params;

#define STOP_MIN_TRIALS 30
#define STOP_RARE_HITS 10          /* fewer trials than this reached it: rare */
#define STOP_BE_SHEVTSOVA_C 0.33554
#define STOP_BE_SHEVTSOVA_A 0.415
#define STOP_N_NEEDED_MAX 1e18     /* n_needed never exceeds this (fits a uint64_t) */

/* Fills U and BE_LIMIT. Returns 0, or -1 when confidence is not in (0, 1) or
 * epsilon is not positive. */
int stop_params_init(stop_params *p, double epsilon, int relative, double confidence);

typedef struct block_verdict {
    block_status status;
    block_method method;
    double half_width;     /* CLT: u s / sqrt(n); rare: the binomial bound on the mean */
    double epsilon_abs;    /* the absolute precision asked of this block */
    double be_ratio;       /* Shevtsova's bound 0.33554 (rho + 0.415 s^3) / (s^3 sqrt n) */
    double p_upper;        /* rare: exact upper confidence bound on P(block reached) */
    double n_needed;       /* estimated trials to settle (for progress/ETA); n when settled */
} block_verdict;

/* Applies the rule to moments M (of n trials). Settled means status != NOT_CONVERGED.
 *  - n < 30: not converged (not even constant yet).
 *  - hits == n and variance 0: constant.
 *  - hits == 0: rare; p_upper = 1 - (1 - gamma)^(1/n) (about 3/n at 95%); settled when
 *    p_upper <= epsilon_abs (relative mode: p_upper <= epsilon).
 *  - u s / sqrt(n) <= epsilon_abs and be_ratio <= (1 - gamma) / 10: converged.
 *  - 0 < hits < STOP_RARE_HITS: rare, with p_upper the Clopper-Pearson upper bound;
 *    half_width = p_upper * max; settled when that is <= epsilon_abs.
 *  - otherwise not converged.
 * Details: p_upper for 0 < hits is the upper end of the two-sided Clopper-Pearson
 * interval at confidence gamma (a one-sided level of (1 + gamma) / 2); for hits == 0
 * it is the one-sided exact bound above, and epsilon_abs reports the limit it was
 * compared with (epsilon itself in relative mode). Outside the binomial method
 * p_upper is 1 (no bound claimed). be_ratio is 0 when s is 0 (nothing to
 * approximate). n_needed is max((u s / epsilon_abs)^2, the n where be_ratio would
 * reach its limit, 30) from the current moments, capped at STOP_N_NEEDED_MAX (also
 * when they are infinite), so it always converts to uint64_t safely.
 * Can't fail. */
void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v);

const char *block_status_name(block_status s);   /* "converged", "constant", ... */
const char *block_method_name(block_method m);   /* "clt", "observed", "binomial" */

#endif
