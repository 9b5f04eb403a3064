/* harness/stop_rule.h: the stopping rule for one block: which bound settles it, and when. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STOP_RULE_H
#define FREQSYS_STOP_RULE_H

#include <stdint.h>
#include "tally.h"

typedef enum block_status {
    BLOCK_NOT_CONVERGED = 0,
    BLOCK_CONVERGED,       /* its interval is within epsilon */
    BLOCK_CONSTANT,        /* proven to run once per run, or the same count in every trial */
    BLOCK_RARE             /* reached in too few trials for an interval around the mean */
} block_status;

typedef enum block_method {
    METHOD_CLT = 0,        /* normal interval widened by the Berry-Esseen bound */
    METHOD_OBSERVED,       /* constant: the same count in every trial so far */
    METHOD_BINOMIAL,       /* exact binomial (Clopper-Pearson) bound */
    METHOD_EXACT,          /* proven statically to run exactly once per run */
    METHOD_BERNSTEIN       /* anytime: empirical Bernstein over the check points */
} block_method;

/* How the interval of a block with a spread of counts is made. */
typedef enum stop_method {
    STOP_METHOD_CLT = 0,   /* fixed-n interval, checked at every point (the default) */
    STOP_METHOD_ANYTIME,   /* confidence sequence: valid however often it is looked at */
    STOP_METHOD_PAPER      /* the FreqSys paper's rule as DESIGN.md states it: u s / sqrt n <= eps
                            * and Shevtsova's Berry-Esseen bound <= (1 - gamma) / 10 */
} stop_method;

/* How the error 1 - gamma is shared among blocks. */
typedef enum stop_family {
    STOP_PER_BLOCK = 0,    /* each block alone has confidence gamma */
    STOP_BONFERRONI,       /* each block gets (1 - gamma) / k: all k at once, any dependence */
    STOP_SIDAK             /* each block gets 1 - gamma^(1/k): all at once, normal intervals */
} stop_family;

/* What the transform proved about a block (bits of stop_rule_judge's FACTS). */
#define STOP_FACT_ONCE 1u          /* every run of the entry runs it exactly once */
#define STOP_FACT_AT_MOST_ONCE 2u  /* no run runs it more than once */

typedef struct stop_params {
    double epsilon;        /* absolute, or a share of the mean when relative */
    int relative;
    double confidence;     /* gamma */
    stop_method method;
    double cap;            /* anytime: the largest count one trial can give; 0: the largest seen */
    stop_family family;
    uint64_t family_size;  /* k: blocks sharing 1 - gamma (1 outside a family) */
    /* derived by stop_params_init and stop_params_family */
    double alpha;          /* one block's error budget: 1 - gamma, or its share */
    double u;              /* standard normal quantile of 1 - alpha / 2 */
} stop_params;

#define STOP_MIN_TRIALS 30
#define STOP_RARE_HITS 10          /* fewer trials than this reached it: rare */
#define STOP_N_NEEDED_MAX 1e18     /* n_needed never exceeds this (fits a uint64_t) */

/* Per block, per-block confidence, the CLT method, cap 0. Returns 0, or -1 when
 * confidence is not in (0, 1) or epsilon is not positive and finite. */
int stop_params_init(stop_params *p, double epsilon, int relative, double confidence);

/* Shares 1 - gamma among K blocks as FAMILY says (K == 0 is taken as 1) and derives
 * ALPHA and U again. Returns 0, or -1 for an unknown FAMILY (P unchanged). */
int stop_params_family(stop_params *p, stop_family family, uint64_t k);

/* Chooses the method; CAP >= 0 (0: the largest count seen stands for the largest
 * possible, a stated assumption). Returns 0, or -1 for an unknown METHOD or a
 * negative or non-finite CAP (P unchanged). */
int stop_params_method(stop_params *p, stop_method method, double cap);

typedef struct block_verdict {
    block_status status;
    block_method method;
    double half_width;     /* the interval's half-width (binomial: its wider side; rare: the bound on the mean) */
    double epsilon_abs;    /* the absolute precision asked of this block */
    double be_ratio;       /* Shevtsova's bound 0.33554 (rho / s^3 + 0.415) / sqrt n */
    double quantile;       /* CLT: the widened normal quantile used (infinite: none yet) */
    double level;          /* the error share spent on this block at this look */
    double p_upper;        /* binomial: exact upper confidence bound on P(block reached) */
    double n_needed;       /* estimated trials to settle (for progress/ETA); n when settled */
} block_verdict;

/* Applies the rule to moments M (of n trials) of a block with static FACTS (bits
 * STOP_FACT_*). Settled means status != NOT_CONVERGED. In order:
 *  - FACTS has ONCE and every trial ran it exactly once: constant, method exact.
 *  - n < 30: nothing else settles.
 *  - never reached: rare, binomial; p_upper = 1 - alpha^(1/n) (about 3/n at 95%), the
 *    mean is at most p_upper * c (c: 1 when FACTS has AT_MOST_ONCE, else the cap, else
 *    1: a block reached is taken to run once); settled when that is <= epsilon_abs
 *    (relative mode: epsilon).
 *  - the same nonzero count in every trial: constant, method observed.
 *  - an indicator (no trial ran it more than once; proven when FACTS has AT_MOST_ONCE): the
 *    two-sided Clopper-Pearson interval for P(reached), which is the mean; half_width
 *    its wider side; settled when <= epsilon_abs: converged, or rare under 10 hits.
 *  - CLT method: u' = berry_esseen_quantile(alpha, be_ratio), half_width u' s / sqrt n;
 *    converged when finite and <= epsilon_abs. Under a simultaneous family both
 *    this interval and the fixed-n empirical Bernstein one (range as below) are made
 *    at alpha / 2 and the narrower is used (method bernstein when it is that one).
 *    Anytime method: the empirical Bernstein half-width at this look's share of
 *    alpha (confidence_sequence.h) with range [0, max(cap, largest count)]; converged
 *    when <= epsilon_abs.
 *  - otherwise, the bound on the mean: p_upper the one-sided Clopper-Pearson bound on
 *    P(reached), half_width p_upper * max(cap, largest count); when that is <=
 *    epsilon_abs the block is rare (settled), whatever its number of hits; under 10
 *    hits it is also the reported bound of an unsettled block (method binomial).
 * Under the anytime method every bound above uses the look's share of alpha. When no
 * interval can be claimed yet (Berry-Esseen too large) half_width is the plain
 * u s / sqrt n, for progress only. n_needed is capped at STOP_N_NEEDED_MAX, also
 * when the moments are infinite. Can't fail. */
void stop_rule_judge(const stop_params *p, const tally_moments *m, unsigned facts, block_verdict *v);

/* stop_rule_judge with no static facts. */
void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v);

const char *block_status_name(block_status s);   /* "converged", "constant", ... */
const char *block_method_name(block_method m);   /* "clt", "observed", "binomial", "exact", "bernstein" */
const char *stop_method_name(stop_method m);     /* "clt", "anytime" */
const char *stop_family_name(stop_family f);     /* "per_block", "bonferroni", "sidak" */

#endif
