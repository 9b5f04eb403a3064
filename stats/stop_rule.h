/* stats/stop_rule.h: the stopping rule for one block: which bound settles it, and when. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STOP_RULE_H
#define FREQSYS_STOP_RULE_H

#include <stdint.h>
#include "tally.h"

typedef enum block_status {
    BLOCK_NOT_CONVERGED = 0,
    BLOCK_CONVERGED, /* its interval is within epsilon */
    BLOCK_CONSTANT,  /* proven to run once per run, or the same count in every trial */
    BLOCK_RARE       /* reached in too few trials for an interval around the mean */
} block_status;

typedef enum block_method {
    METHOD_CLT = 0,   /* normal interval widened by the Berry-Esseen bound */
    METHOD_OBSERVED,  /* constant: the same count in every trial so far */
    METHOD_BINOMIAL,  /* exact binomial (Clopper-Pearson) bound */
    METHOD_EXACT,     /* proven statically to run exactly once per run */
    METHOD_BERNSTEIN, /* empirical Bernstein on [0, R] (anytime: over the check points) */
    METHOD_BETTING    /* the betting interval on [0, R] (betting_interval.h) */
} block_method;

/* What a verdict's bound rests on: named in the output. */
typedef enum block_basis {
    BASIS_NONE = 0,  /* nothing: the block carries no valid bound */
    BASIS_PROVEN,    /* the transform's proof (exactly once, or at most max_runs per run) */
    BASIS_CAP,       /* the user's --cap: an assumption on the largest count per run */
    BASIS_PLUG_IN,   /* no range: an asymptotic interval on the trials' moments, never settled */
    BASIS_PAPER,     /* the paper's rule as it states it (--method paper) */
    BASIS_ASYMPTOTIC /* importance-sampled counts: the normal interval on the trials' own
                      * moments, narrower than any valid one; settles, with no guarantee */
} block_basis;

/* How the interval of a block with a spread of counts is made. */
typedef enum stop_method {
    STOP_METHOD_CLT = 0, /* fixed-n interval, checked at every point (the default) */
    STOP_METHOD_ANYTIME, /* confidence sequence: valid however often it is looked at */
    STOP_METHOD_PAPER    /* the FreqSys paper's rule as DESIGN.md states it: u s / sqrt n <= eps
                          * and Shevtsova's Berry-Esseen bound <= (1 - gamma) / 10 */
} stop_method;

/* How the error 1 - gamma is shared among blocks. */
typedef enum stop_family {
    STOP_PER_BLOCK = 0, /* each block alone has confidence gamma */
    STOP_BONFERRONI,    /* each block gets (1 - gamma) / k: all k at once, any dependence */
    STOP_SIDAK          /* each block gets 1 - gamma^(1/k): all at once, normal intervals */
} stop_family;

/* What the transform proved about a block (bits of stop_rule_judge's FACTS). */
#define STOP_FACT_ONCE         1u /* every run of the entry runs it exactly once */
#define STOP_FACT_AT_MOST_ONCE 2u /* no run runs it more than once */

typedef struct stop_params {
    double epsilon; /* absolute, or a share of the mean when relative */
    int relative;
    double floor;      /* relative: an absolute amount added to the share (0: none) */
    double confidence; /* gamma */
    stop_method method;
    double cap; /* the largest count one trial can give (an assumption); 0: none */
    stop_family family;
    uint64_t family_size; /* k: blocks sharing 1 - gamma (1 outside a family) */
    double slack;         /* what the count's tail past the range can add to the mean
                           * (fsabi_block.tail_mass), added to the half-width; 0: none */
    int weighted;         /* the counts are importance-weighted (run --rare): the normal
                           * interval on the trials' moments may settle them, as
                           * BASIS_ASYMPTOTIC, where no valid interval is as narrow */
    uint64_t order_seed;  /* the stream the betting interval draws its order of the trials
                           * from (mixed with the check point's n); the run's seed */
    int no_betting;       /* leave the betting interval out (a pass over every trial): past
                           * the time limit; the others are as valid, only wider */
    /* derived by stop_params_init and stop_params_family */
    double alpha; /* one block's error budget: 1 - gamma, or its share */
    double u;     /* standard normal quantile of 1 - alpha / 2 */
} stop_params;

#define STOP_MIN_TRIALS   30
#define STOP_RARE_HITS    10   /* fewer trials than this reached it: rare */
#define STOP_N_NEEDED_MAX 1e18 /* n_needed never exceeds this (fits a uint64_t) */
/* A block that only a bound can settle (seen the same way in every trial, with no
 * bound on its count) is given up on once P(it differs) <= this at the block's level:
 * more trials would not make a claim possible, only its cause less likely. */
#define STOP_GIVE_UP_P 1e-4

/* Per block, per-block confidence, the CLT method, cap 0, floor 0. Returns 0, or -1
 * when confidence is not in (0, 1) or epsilon is not positive and finite. */
int stop_params_init(stop_params *p, double epsilon, int relative, double confidence);

/* A relative epsilon's absolute floor: the claim becomes |estimate - mean| <=
 * epsilon |mean| + FLOOR. Returns 0, or -1 when FLOOR is negative or not finite, or
 * positive with an absolute epsilon (P unchanged). */
int stop_params_floor(stop_params *p, double floor);

/* Shares 1 - gamma among K blocks as FAMILY says (K == 0 is taken as 1) and derives
 * ALPHA and U again. Returns 0, or -1 for an unknown FAMILY (P unchanged). */
int stop_params_family(stop_params *p, stop_family family, uint64_t k);

/* Chooses the method; CAP >= 0 (0: no cap). Returns 0, or -1 for an unknown METHOD or a
 * negative or non-finite CAP (P unchanged). */
int stop_params_method(stop_params *p, stop_method method, double cap);

/* P for totals of K runs (a replicate under variance reduction): every absolute
 * amount (an absolute epsilon, the floor, the cap) times K; a relative epsilon, a
 * share of the mean, stays. Can't fail. */
stop_params stop_params_totals(const stop_params *p, double k);

typedef struct block_verdict {
    block_status status;
    block_method method;
    double half_width; /* the interval's half-width (binomial: its wider side; rare: the bound on the mean) */
    double epsilon_abs; /* the absolute precision asked of this block */
    double be_ratio;    /* Shevtsova's bound 0.33554 (rho / s^3 + 0.415) / sqrt n */
    double quantile;    /* CLT: the widened normal quantile used (infinite: none yet) */
    double level;       /* the error share spent on this block at this look */
    double p_upper;     /* binomial bounds: exact upper bound on P(block reached), or for a count
                         * the same in every trial on P(a trial differs); else 0 */
    double n_needed;    /* estimated trials to settle (for progress/ETA); n when settled */
    block_basis basis;  /* what the bound rests on (NONE: half_width is infinite) */
    double range;       /* the largest count per trial the bound took (proven, cap or
                         * largest seen); infinite when none was needed or known */
    int stuck;          /* no number of trials settles it: seen the same way in every trial
                         * and nothing bounds the count (see STOP_GIVE_UP_P), or no range
                         * and its asymptotic interval already within epsilon */
    uint64_t unbounded; /* trials killed at their timeout while the block still ran: it
                         * has no finite mean as far as the trials tell (decide.c) */
    int cap_exceeded;   /* it rests on a cap that a trial's counts contradicted: not
                         * settled, whatever its interval (decide.c) */
} block_verdict;

/* Applies the rule to moments M (of n trials) of a block with static FACTS (bits
 * STOP_FACT_*) that the transform proved runs at most MAX_RUNS times per run
 * (INFINITY: nothing proven). Settled means status != NOT_CONVERGED. The range R of
 * a count is MAX_RUNS, or the cap when smaller (an assumption, BASIS_CAP); a range
 * the trials contradict is dropped here (decide.c unsettles every verdict that rests
 * on a cap some trial exceeded). Every bound below holds with probability >=
 * 1 - alpha for this block (docs/statistics.md states each claim):
 *  - FACTS has ONCE and every trial ran it exactly once: constant, exact, proven.
 *  - MAX_RUNS is 0 (the block cannot run): constant, exact, mean 0.
 *  - paper method: the paper's rule as it states it (BASIS_PAPER).
 *  - n < 30: nothing else settles (half_width infinite).
 *  - the same count c in every trial: P(a trial differs) <= q, the exact one-sided
 *    binomial bound, so |mean - c| <= q max(c, R - c); settled (rare for c = 0, else
 *    constant) when that is <= epsilon. Without a finite R no bound exists: stuck,
 *    half_width infinite. In relative mode a block never reached settles only when
 *    proven not to run, or under a floor.
 *  - no finite R: never settled. The plain normal interval u s / sqrt n at alpha on
 *    the trials' moments is reported (BASIS_PLUG_IN, asymptotic only); stuck once it
 *    is within epsilon, since more trials cannot give a bound.
 *  - R <= 1: the exact two-sided Clopper-Pearson interval for P(reached), which is the
 *    mean. Two values seen, a < b: a + (b - a) times that interval for P(b) (at 0.9
 *    alpha), widened by q max(a, R - a), q the bound on P(a value not seen) at 0.1
 *    alpha.
 *  - otherwise the narrowest of: the normal interval widened by Berry-Esseen with its
 *    moments bounded from [0, R] (bounded_normal.h), the betting interval on [0, R]
 *    (stop_rule_judge_counts, when the tally keeps its histogram), the empirical
 *    Bernstein interval on [0, R], and the one-sided bound [0, p_upper R] (absolute
 *    mode or under a floor; rare). Each is valid for any law on [0, R]. The error is
 *    split 0.3 / 0.66 / 0.02 / 0.02 alpha (0.2 / 0.6 / 0.1 / 0.1 under a simultaneous
 *    family), so all hold together at alpha and whichever is taken holds. Weighted
 *    counts (P's weighted) may also take the normal interval widened by Berry-Esseen
 *    on the trials' own moments at the normal share: asymptotic, BASIS_ASYMPTOTIC. The betting
 *    interval is made only when none of the others is within epsilon (it costs a pass
 *    over the trials per end point tried). Anytime method: the empirical Bernstein
 *    interval alone at the look's share.
 * Relative epsilon asks half_width <= (epsilon |mean| + floor) / (1 + epsilon), which
 * puts the true mean within epsilon of its own value plus the floor. n_needed is
 * capped at STOP_N_NEEDED_MAX.
 * Can't fail. */
void stop_rule_judge_bounded(const stop_params *p, const tally_moments *m, unsigned facts, double max_runs,
                             block_verdict *v);

/* stop_rule_judge_bounded with the tally T the moments M are of (T NULL: the moments
 * alone): the betting interval needs every count, so only this makes it. */
void stop_rule_judge_counts(const stop_params *p, const tally_moments *m, const tally *t, unsigned facts,
                            double max_runs, block_verdict *v);

/* The shares of P's alpha the default rule gives the widened normal interval, the
 * betting interval, the empirical Bernstein interval and the bound [0, p_upper R]. */
double stop_rule_clt_share(const stop_params *p);
double stop_rule_betting_share(const stop_params *p);
double stop_rule_bernstein_share(const stop_params *p);
double stop_rule_rare_share(const stop_params *p);

/* stop_rule_judge_bounded with MAX_RUNS 1 when FACTS has ONCE or AT_MOST_ONCE, else
 * INFINITY. */
void stop_rule_judge(const stop_params *p, const tally_moments *m, unsigned facts, block_verdict *v);

/* stop_rule_judge with no static facts. */
void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v);

const char *block_status_name(block_status s); /* "converged", "constant", ... */
const char *
block_method_name(block_method m); /* "clt", "observed", "binomial", "exact", "bernstein", "betting" */
const char *stop_method_name(stop_method m); /* "clt", "anytime" */
const char *stop_family_name(stop_family f); /* "per_block", "bonferroni", "sidak" */
const char *block_basis_name(block_basis b); /* "none", "proven", "cap", "plug_in", "paper", "asymptotic" */

#endif
