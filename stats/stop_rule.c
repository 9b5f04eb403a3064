/* stats/stop_rule.c: decides, at a check point, whether a block's mean is settled. */
/* SPDX-License-Identifier: MIT */
#include "stop_rule.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include "berry_esseen.h"
#include "betting_interval.h"
#include "bounded_normal.h"
#include "clopper_pearson.h"
#include "confidence_sequence.h"

static void derive(stop_params *p) {
    double k = (double)(p->family_size ? p->family_size : 1), gamma = p->confidence;
    switch (p->family) {
    case STOP_PER_BLOCK:
        p->alpha = 1.0 - gamma;
        break;
    case STOP_BONFERRONI:
        p->alpha = (1.0 - gamma) / k;
        break;
    case STOP_SIDAK:
        p->alpha = -expm1(log(gamma) / k);
        break;
    }
    p->u = gsl_cdf_ugaussian_Qinv(p->alpha / 2.0);
}

int stop_params_init(stop_params *p, double epsilon, int relative, double confidence) {
    if (!(confidence > 0.0 && confidence < 1.0) || !(epsilon > 0.0) || isinf(epsilon)) return -1;
    memset(p, 0, sizeof *p);
    p->epsilon = epsilon;
    p->relative = relative != 0;
    p->confidence = confidence;
    p->method = STOP_METHOD_CLT;
    p->family = STOP_PER_BLOCK;
    p->family_size = 1;
    derive(p);
    return 0;
}

int stop_params_family(stop_params *p, stop_family family, uint64_t k) {
    if (family != STOP_PER_BLOCK && family != STOP_BONFERRONI && family != STOP_SIDAK) return -1;
    p->family = family;
    p->family_size = family == STOP_PER_BLOCK || k == 0 ? 1 : k;
    derive(p);
    return 0;
}

int stop_params_floor(stop_params *p, double floor) {
    if (!(floor >= 0.0) || isinf(floor) || (floor > 0.0 && !p->relative)) return -1;
    p->floor = floor;
    return 0;
}

stop_params stop_params_totals(const stop_params *p, double k) {
    stop_params q = *p;
    if (!q.relative) q.epsilon *= k;
    q.floor *= k;
    q.cap *= k;
    return q;
}

int stop_params_method(stop_params *p, stop_method method, double cap) {
    if ((method != STOP_METHOD_CLT && method != STOP_METHOD_ANYTIME && method != STOP_METHOD_PAPER) ||
        !(cap >= 0.0) || isinf(cap))
        return -1;
    p->method = method;
    p->cap = cap;
    return 0;
}

static double clamp_needed(double n) {
    if (!(n <= STOP_N_NEEDED_MAX)) /* also catches NaN */
        return STOP_N_NEEDED_MAX;
    return n < STOP_MIN_TRIALS ? STOP_MIN_TRIALS : n;
}

/* The least N (within 1%) at which WIDTH(N) <= EPS, for a WIDTH that falls with N:
 * doubling, then bisection on log N. An estimate for progress only. */
static double solve_needed(double (*width)(const void *, double), const void *ctx, double eps, double from) {
    if (!(eps > 0.0)) return STOP_N_NEEDED_MAX;
    double lo = from > 2.0 ? from : 2.0, hi = lo;
    while (!(width(ctx, hi) <= eps)) {
        lo = hi;
        hi *= 2.0;
        if (hi > STOP_N_NEEDED_MAX) return STOP_N_NEEDED_MAX;
    }
    while (hi > lo * 1.01) {
        double mid = sqrt(lo * hi);
        if (width(ctx, mid) <= eps)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

typedef struct width_ctx {
    double alpha, s, variance, cap;
} width_ctx;

static uint64_t trials_at(double n) {
    return n >= 1.8e19 ? UINT64_MAX : (uint64_t)n;
}

/* The bounded normal interval's half-width at N trials, were s to stay as it is. */
static double clt_at(const void *c, double n) {
    const width_ctx *w = c;
    bounded_normal b;
    bounded_normal_interval(trials_at(n), w->s, w->cap, w->alpha, &b);
    return b.half_width;
}

static double bernstein_at(const void *c, double n) {
    const width_ctx *w = c;
    uint64_t k = trials_at(n);
    return confidence_sequence_half_width(k, w->variance, w->cap, confidence_sequence_alpha(k, w->alpha));
}

static double fixed_bernstein_at(const void *c, double n) {
    const width_ctx *w = c;
    return confidence_sequence_half_width(trials_at(n), w->variance, w->cap, w->alpha);
}

static void settle(block_verdict *v, block_status status, double n) {
    v->status = status;
    v->n_needed = n;
}

static void exact(const tally_moments *m, block_verdict *v) {
    v->method = METHOD_EXACT;
    v->basis = BASIS_PROVEN;
    v->half_width = 0.0;
    v->be_ratio = 0.0;
    settle(v, BLOCK_CONSTANT, (double)m->n);
}

/* ---- the paper's rule, kept as it states it ---- */

/* A block reached too seldom for an interval around its mean: P_UP (the exact upper
 * bound on P(reached)) times the most a trial runs it, LARGEST, bounds the mean. */
static void paper_rare(block_verdict *v, const tally_moments *m, double p_up, double largest, int enough) {
    v->method = METHOD_BINOMIAL;
    v->p_upper = p_up;
    v->half_width = p_up * largest;
    if (enough && v->half_width <= v->epsilon_abs) settle(v, BLOCK_RARE, (double)m->n);
}

/* The paper (section 3, Algorithm 1) with the absolute third moment and Shevtsova's
 * constant: the plain normal half-width within epsilon, and the Berry-Esseen bound
 * within a tenth of the error allowed; no variance is constant, a block never reached
 * is rare by the rule of three, under 10 hits by the binomial bound. Its weaknesses
 * (docs/statistics.md) are kept on purpose: it is there to compare with. */
static void paper_rule(const stop_params *p, const tally_moments *m, unsigned facts, block_verdict *v) {
    double n = (double)m->n, s = m->stddev, alpha = p->alpha, limit = alpha / 10.0;
    int enough = m->n >= STOP_MIN_TRIALS;
    v->basis = BASIS_PAPER;
    if (m->hits == 0) {
        double eps = p->relative ? p->epsilon : v->epsilon_abs;
        double per_hit = (facts & STOP_FACT_AT_MOST_ONCE) ? 1.0 : p->cap > 0.0 ? p->cap : 1.0;
        v->method = METHOD_BINOMIAL;
        v->epsilon_abs = eps;
        v->p_upper = m->n > 0 ? clopper_pearson_upper(0, m->n, alpha) : 1.0;
        v->half_width = v->p_upper * per_hit;
        v->be_ratio = 0.0;
        v->n_needed = clamp_needed(clopper_pearson_zero_trials(eps / per_hit, alpha));
        if (enough && v->half_width <= eps) settle(v, BLOCK_RARE, n);
        return;
    }
    if (m->hits == m->n && m->variance == 0.0) {
        v->method = METHOD_OBSERVED;
        v->half_width = 0.0;
        v->be_ratio = 0.0;
        v->n_needed = STOP_MIN_TRIALS;
        if (enough) settle(v, BLOCK_CONSTANT, n);
        return;
    }
    v->method = METHOD_CLT;
    v->quantile = p->u;
    v->half_width = p->u * s / sqrt(n);
    if (enough && v->half_width <= v->epsilon_abs && v->be_ratio <= limit) {
        settle(v, BLOCK_CONVERGED, n);
        return;
    }
    double plain = p->u * s / v->epsilon_abs, be = v->be_ratio * sqrt(n) / limit;
    v->n_needed = clamp_needed(fmax(fmax(plain * plain, be * be), STOP_MIN_TRIALS));
    if (m->hits < STOP_RARE_HITS)
        paper_rare(v, m, clopper_pearson_upper(m->hits, m->n, alpha), fmax((double)m->max, p->cap), enough);
}

/* ---- the default and anytime rules ---- */

/* The same count c in every trial. No trial differed, so P(a trial differs) <= q
 * (exact, one-sided), and a different trial moves the mean by at most max(c, R - c):
 * |mean - c| <= q max(c, R - c). Without a finite range R nothing bounds the mean. */
static void same_in_every_trial(const stop_params *p, const tally_moments *m, double range, block_basis basis,
                                double alpha, block_verdict *v) {
    double n = (double)m->n, c = m->mean;
    v->be_ratio = 0.0;
    v->method = c == 0.0 ? METHOD_BINOMIAL : METHOD_OBSERVED;
    v->p_upper = clopper_pearson_upper(0, m->n, alpha);
    if (!isfinite(range) || (p->relative && c == 0.0 && p->floor == 0.0)) {
        /* nothing more of the same can settle it: only a different trial, or a bound */
        v->basis = BASIS_NONE;
        v->half_width = INFINITY;
        v->n_needed = STOP_N_NEEDED_MAX;
        v->stuck = 1;
        return;
    }
    double deviation = fmax(c, range - c);
    v->basis = basis;
    v->range = range;
    v->half_width = v->p_upper * deviation;
    if (v->half_width <= v->epsilon_abs)
        settle(v, c == 0.0 ? BLOCK_RARE : BLOCK_CONSTANT, n);
    else
        v->n_needed = clamp_needed(
            deviation > 0.0 ? clopper_pearson_zero_trials(v->epsilon_abs / deviation, alpha) : n);
}

/* Counts of two values seen, LOW and LOW + STEP, the higher in K of n trials. The
 * mean is LOW + STEP P(high) + P(other) (E[X | other] - LOW), so with the exact
 * two-sided Clopper-Pearson interval for P(high) (at 0.9 ALPHA) and the exact bound
 * q on P(a value not seen) (at 0.1 ALPHA; none in n trials) the mean lies within
 * STEP CP + q max(LOW, RANGE - LOW) of the estimate. An indicator (LOW 0, STEP 1,
 * RANGE 1) has no other value, and takes the whole ALPHA. */
static void two_valued(const tally_moments *m, uint64_t k, double low, double step, double range,
                       double alpha, block_verdict *v) {
    double n = (double)m->n, phat = (double)k / n;
    int others = range > low + step || low > 0.0;
    double a_cp = others ? 0.9 * alpha : alpha;
    double lo = clopper_pearson_lower(k, m->n, a_cp / 2.0);
    double hi = clopper_pearson_upper(k, m->n, a_cp / 2.0);
    double unseen = others ? clopper_pearson_upper(0, m->n, 0.1 * alpha) * fmax(low, range - low) : 0.0;
    v->method = METHOD_BINOMIAL;
    v->p_upper = hi;
    v->half_width = step * fmax(phat - lo, hi - phat) + unseen;
    if (v->half_width <= v->epsilon_abs) {
        settle(v, low == 0.0 && k < STOP_RARE_HITS ? BLOCK_RARE : BLOCK_CONVERGED, n);
    } else {
        double r = v->epsilon_abs > 0.0 ? v->half_width / v->epsilon_abs : INFINITY;
        v->n_needed = clamp_needed(n * r * r);
    }
}

/* Whether every trial gave the smallest or the largest count seen, and then in K how
 * many gave the largest. For counts in [a, b] the variance is at most
 * (mean - a)(b - mean), with equality only on {a, b}: the moments tell. */
static int seen_two_values(const tally_moments *m, uint64_t *k) {
    if (m->n < 2 || m->max <= m->min || !isfinite(m->variance)) return 0;
    double n = (double)m->n, d = (double)(m->max - m->min);
    double high = n * (m->mean - (double)m->min) / d, r = nearbyint(high);
    if (fabs(high - r) > 1e-6 || r < 1 || r > n - 1) return 0;
    double variance = d * d * r * (n - r) / (n * (n - 1));
    if (fabs(variance - m->variance) > 1e-9 * variance) return 0;
    *k = (uint64_t)r;
    return 1;
}

/* The anytime method: the empirical Bernstein interval on [0, RANGE] at the look's
 * share of alpha, valid at every check point at once. */
static void anytime_rule(const stop_params *p, const tally_moments *m, double range, double alpha,
                         block_verdict *v) {
    v->method = METHOD_BERNSTEIN;
    v->half_width = confidence_sequence_half_width(m->n, m->variance, range, alpha);
    if (v->half_width <= v->epsilon_abs) {
        settle(v, BLOCK_CONVERGED, (double)m->n);
        return;
    }
    width_ctx w = {p->alpha, m->stddev, m->variance, range};
    v->n_needed = clamp_needed(solve_needed(bernstein_at, &w, v->epsilon_abs, (double)m->n));
}

/* No range: nothing the trials show bounds what a trial not yet run could add, so no
 * number of them settles the block. The plain normal interval at ALPHA on their
 * moments is reported as what it is, asymptotic; once it is within epsilon more
 * trials would not change the answer, only a bound would (stuck). */
static void no_range(const tally_moments *m, double alpha, block_verdict *v) {
    double n = (double)m->n, u = gsl_cdf_ugaussian_Qinv(alpha / 2.0);
    v->method = METHOD_CLT;
    v->basis = BASIS_PLUG_IN;
    v->quantile = u;
    v->half_width = u * m->stddev / sqrt(n);
    if (v->half_width <= v->epsilon_abs) {
        v->stuck = 1;
        v->n_needed = STOP_N_NEEDED_MAX;
        return;
    }
    double plain = u * m->stddev / v->epsilon_abs;
    v->n_needed = clamp_needed(plain * plain);
}

/* The shares. The betting interval has the most: it settles most blocks, adapting to
 * their spread from the first trials, where the normal one waits until Berry-Esseen
 * with the range's skew leaves it room and then saves a fifth of the trials. */
double stop_rule_clt_share(const stop_params *p) {
    return p->alpha * (p->family != STOP_PER_BLOCK ? 0.2 : 0.3);
}

double stop_rule_betting_share(const stop_params *p) {
    return p->alpha * (p->family != STOP_PER_BLOCK ? 0.6 : 0.66);
}

double stop_rule_bernstein_share(const stop_params *p) {
    return p->alpha * (p->family != STOP_PER_BLOCK ? 0.1 : 0.02);
}

double stop_rule_rare_share(const stop_params *p) {
    return p->alpha * (p->family != STOP_PER_BLOCK ? 0.1 : 0.02);
}

/* The order of the trials for the interval at N: a stream of its own per check point. */
static uint64_t order_seed(const stop_params *p, uint64_t n) {
    uint64_t z = p->order_seed ^ (n * 0x9e3779b97f4a7c15u) ^ 0x62657474696e67u; /* "betting" */
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdu;
    return z ^ (z >> 33);
}

/* The betting interval at share A, when the trials' histogram is there: its half-width
 * about the estimate when it is within EPS (found to 2% of EPS, rounded up), else infinity.
 * Each end is screened, then tried, at EPS first, so an interval that does not fit
 * costs at most two passes, and none when the best constant bet falls short. */
static double betting_half_width(const stop_params *p, const tally_moments *m, const tally *t, double range,
                                 double a, double eps) {
    betting_order o;
    double e = m->mean, lower = 0.0, upper = range, width = INFINITY;
    if (!t || !(eps > 0.0) || !(range > eps) ||
        (e + eps < range && !betting_interval_could_reject(t, m->n, range, (e + eps) / range, -1, a)) ||
        (e - eps > 0.0 && !betting_interval_could_reject(t, m->n, range, (e - eps) / range, 1, a)) ||
        betting_order_make(&o, t, m->n, range, order_seed(p, m->n)) != 0)
        return INFINITY;
    int low_ok = e - eps <= 0.0 || betting_interval_rejects(&o, (e - eps) / range, 1, a);
    int high_ok = low_ok && (e + eps >= range || betting_interval_rejects(&o, (e + eps) / range, -1, a));
    if (high_ok) {
        betting_interval_bounds(&o, range, e, eps, a, 0.02 * eps, &lower, &upper);
        width = fmax(e - lower, upper - e);
    }
    betting_order_free(&o);
    return width;
}

/* The default: the narrowest of four intervals, each at its share of alpha (the
 * union bound makes the one chosen hold at alpha), and each valid for any law on
 * [0, RANGE]: the normal one bounds the moments it needs from the range
 * (bounded_normal.h) rather than taking the trials' own. RANGE_BASIS names what
 * RANGE rests on. */
static void narrowest(const stop_params *p, const tally_moments *m, const tally *t, double range,
                      block_basis range_basis, block_verdict *v) {
    double n = (double)m->n, s = m->stddev;
    double a_clt = stop_rule_clt_share(p), a_bern = stop_rule_bernstein_share(p);
    double a_rare = stop_rule_rare_share(p);

    bounded_normal normal;
    bounded_normal_interval(m->n, s, range, a_clt, &normal);
    v->be_ratio = normal.be;
    v->quantile = normal.quantile;
    double clt = normal.half_width;
    double bern = confidence_sequence_half_width(m->n, m->variance, range, a_bern);
    double p_up = clopper_pearson_upper(m->hits, m->n, a_rare);
    /* [0, p_up R] holds the mean and the estimate: |estimate - mean| <= p_up R. It says
     * nothing relative to a mean that may be near 0, unless a floor is part of epsilon. */
    double rare = p->relative && p->floor == 0.0 ? INFINITY : p_up * range;

    v->method = METHOD_CLT;
    v->basis = range_basis;
    v->half_width = clt;
    if (bern < v->half_width) {
        v->method = METHOD_BERNSTEIN;
        v->half_width = bern;
        v->quantile = INFINITY;
    }
    if (rare < v->half_width) {
        v->method = METHOD_BINOMIAL;
        v->half_width = rare;
        v->p_upper = p_up;
        v->quantile = INFINITY;
    }
    v->range = range;
    if (!p->no_betting && !(v->half_width <= v->epsilon_abs)) {
        double bet = betting_half_width(p, m, t, range, stop_rule_betting_share(p), v->epsilon_abs);
        if (bet < v->half_width) {
            v->method = METHOD_BETTING;
            v->half_width = bet;
            v->quantile = INFINITY;
            v->p_upper = 0.0;
        }
    }
    if (p->weighted && !(v->half_width <= v->epsilon_abs)) {
        /* importance sampling's usual interval, where no valid one is within epsilon:
         * named for what it is */
        double u = berry_esseen_quantile(a_clt, berry_esseen_bound(s, m->abs_m3, m->n));
        double plug_in = isfinite(u) ? u * s / sqrt(n) : INFINITY;
        if (plug_in < v->half_width) {
            v->method = METHOD_CLT;
            v->basis = BASIS_ASYMPTOTIC;
            v->half_width = plug_in;
            v->quantile = u;
            v->p_upper = 0.0;
        }
    }
    if (v->half_width <= v->epsilon_abs) {
        settle(v, v->method == METHOD_BINOMIAL ? BLOCK_RARE : BLOCK_CONVERGED, n);
        return;
    }
    /* Where the narrower of the normal and Bernstein intervals would reach epsilon,
     * were the trials' spread to stay as it is: an estimate for progress only. */
    width_ctx w = {a_clt, s, m->variance, range};
    double plain = p->u * s / v->epsilon_abs;
    double by_clt = solve_needed(clt_at, &w, v->epsilon_abs, fmax(plain * plain, fmax(n, 2.0)));
    w.alpha = a_bern;
    double by_bern = solve_needed(fixed_bernstein_at, &w, v->epsilon_abs, fmax(n, 2.0));
    v->n_needed = clamp_needed(fmin(by_clt, by_bern));
}

/* stop_rule_judge_bounded for a range that holds outright: SLACK already taken
 * from epsilon by the caller. */
static void judge_in_range(const stop_params *p, const tally_moments *m, const tally *t, unsigned facts,
                           double max_runs, block_verdict *v) {
    int anytime = p->method == STOP_METHOD_ANYTIME;
    double alpha = anytime ? confidence_sequence_alpha(m->n, p->alpha) : p->alpha;

    memset(v, 0, sizeof *v);
    v->status = BLOCK_NOT_CONVERGED;
    v->method = anytime ? METHOD_BERNSTEIN : METHOD_CLT;
    v->basis = BASIS_NONE;
    v->level = alpha;
    v->epsilon_abs = p->relative ? (p->epsilon * fabs(m->mean) + p->floor) / (1.0 + p->epsilon) : p->epsilon;
    v->epsilon_abs -= p->slack;
    v->half_width = INFINITY;
    if (p->slack > 0.0 && !(v->epsilon_abs > 0.0)) { /* the tail alone is wider than epsilon */
        v->n_needed = STOP_N_NEEDED_MAX;
        return;
    }
    v->range = INFINITY;
    v->be_ratio = berry_esseen_bound(m->stddev, m->abs_m3, m->n);
    v->quantile = INFINITY;
    v->n_needed = STOP_MIN_TRIALS;

    /* The proofs hold of every run, those that never end included, and every trial,
     * failed ones too, is in M. A trial cut short before a block proven to run once
     * (a crash, a slow trial killed) breaks that fact, and a count where 0 is proven
     * would mean a defect: either way the block is judged like any other. */
    if ((facts & STOP_FACT_ONCE) && m->n > 0 && m->hits == m->n && m->min == 1 && m->max == 1) {
        exact(m, v);
        return;
    }
    if (max_runs == 0.0 && m->n > 0 && m->hits == 0) {
        exact(m, v);
        return;
    }
    if (p->method == STOP_METHOD_PAPER) {
        v->epsilon_abs = p->relative ? p->epsilon * fabs(m->mean) + p->floor : p->epsilon;
        paper_rule(p, m, facts, v);
        return;
    }
    if (m->n < STOP_MIN_TRIALS) return;

    /* The range: what is proven, or the cap where smaller (an assumption); a range
     * the trials exceed is no range. */
    double range = max_runs > 0.0 ? max_runs : INFINITY;
    block_basis basis = BASIS_PROVEN;
    if (p->cap > 0.0 && p->cap < range) {
        range = p->cap;
        basis = BASIS_CAP;
    }
    if ((double)m->max > range) {
        range = basis == BASIS_CAP && (double)m->max <= max_runs ? max_runs : INFINITY;
        basis = BASIS_PROVEN;
    }

    if (m->variance == 0.0 && m->min == m->max && (m->hits == 0 || m->hits == m->n)) {
        same_in_every_trial(p, m, range, basis, alpha, v);
        return;
    }
    if (!isfinite(range)) {
        no_range(m, alpha, v);
        return;
    }
    v->range = range;
    v->basis = basis;
    if (range <= 1.0) {
        two_valued(m, m->hits, 0.0, 1.0, 1.0, alpha, v);
        return;
    }
    uint64_t k;
    if (!anytime && seen_two_values(m, &k)) {
        /* two values seen: the method follows from the pattern of values, not from
         * which interval is narrower; the range bounds the values not yet seen */
        two_valued(m, k, (double)m->min, (double)(m->max - m->min), range, alpha, v);
        return;
    }
    if (anytime)
        anytime_rule(p, m, range, alpha, v);
    else
        narrowest(p, m, t, range, basis, v);
}

typedef struct clipping {
    tally *out;
    uint64_t level;
    int failed;
} clipping;

static void clip_bin(uint64_t value, uint64_t trials, void *ctx) {
    clipping *c = ctx;
    if (!c->failed && tally_add(c->out, value < c->level ? value : c->level, trials) != 0) c->failed = 1;
}

/* T's trials with every count above LEVEL taken as LEVEL, in *CLIPPED (to free), and
 * their moments over N trials. Returns 0, or -1 without a histogram or memory. */
static int clip_counts(const tally *t, uint64_t n, uint64_t level, tally *clipped, tally_moments *m) {
    clipping c = {clipped, level, 0};
    tally_init(clipped);
    if (tally_each(t, clip_bin, &c) < 0 || c.failed) {
        tally_free(clipped);
        return -1;
    }
    tally_moments_of(clipped, n, m);
    return 0;
}

/* With a slack, the range holds for min(count, range), whose mean lies within SLACK
 * below the count's: the interval for it, widened by SLACK, covers the count's mean,
 * and it must settle within epsilon less SLACK. A trial past the range, which the tail
 * allows, is judged as the range: the interval is the clipped counts', and its
 * half-width also takes what the clipping took from the trials' mean, so that,
 * centred on that mean, it holds the clipped one. */
void stop_rule_judge_counts(const stop_params *p, const tally_moments *m, const tally *t, unsigned facts,
                            double max_runs, block_verdict *v) {
    tally clipped;
    tally_moments cm;
    stop_params q = *p;
    if (p->slack > 0.0 && t && max_runs >= 1.0 && max_runs < 0x1p63 && (double)m->max > max_runs &&
        clip_counts(t, m->n, (uint64_t)max_runs, &clipped, &cm) == 0) {
        q.slack += fmax(m->mean - cm.mean, 0.0) * (1.0 + 1e-9);
        judge_in_range(&q, &cm, &clipped, facts, max_runs, v);
        tally_free(&clipped);
    } else {
        judge_in_range(&q, m, t, facts, max_runs, v);
    }
    if (q.slack > 0.0) {
        v->half_width += q.slack;
        v->epsilon_abs += q.slack;
        if (v->status != BLOCK_NOT_CONVERGED && !(v->half_width <= v->epsilon_abs))
            v->status = BLOCK_NOT_CONVERGED;
    }
}

void stop_rule_judge_bounded(const stop_params *p, const tally_moments *m, unsigned facts, double max_runs,
                             block_verdict *v) {
    stop_rule_judge_counts(p, m, NULL, facts, max_runs, v);
}

void stop_rule_judge(const stop_params *p, const tally_moments *m, unsigned facts, block_verdict *v) {
    double max_runs = (facts & (STOP_FACT_ONCE | STOP_FACT_AT_MOST_ONCE)) ? 1.0 : INFINITY;
    stop_rule_judge_bounded(p, m, facts, max_runs, v);
}

void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v) {
    stop_rule_judge(p, m, 0, v);
}

const char *block_status_name(block_status s) {
    switch (s) {
    case BLOCK_NOT_CONVERGED:
        return "not_converged";
    case BLOCK_CONVERGED:
        return "converged";
    case BLOCK_CONSTANT:
        return "constant";
    case BLOCK_RARE:
        return "rare";
    }
    return "unknown";
}

const char *block_method_name(block_method m) {
    switch (m) {
    case METHOD_CLT:
        return "clt";
    case METHOD_OBSERVED:
        return "observed";
    case METHOD_BINOMIAL:
        return "binomial";
    case METHOD_EXACT:
        return "exact";
    case METHOD_BERNSTEIN:
        return "bernstein";
    case METHOD_BETTING:
        return "betting";
    }
    return "unknown";
}

const char *stop_method_name(stop_method m) {
    return m == STOP_METHOD_ANYTIME ? "anytime" : m == STOP_METHOD_PAPER ? "paper" : "clt";
}

const char *block_basis_name(block_basis b) {
    switch (b) {
    case BASIS_NONE:
        return "none";
    case BASIS_PROVEN:
        return "proven";
    case BASIS_CAP:
        return "cap";
    case BASIS_PLUG_IN:
        return "plug_in";
    case BASIS_PAPER:
        return "paper";
    case BASIS_ASYMPTOTIC:
        return "asymptotic";
    }
    return "unknown";
}

const char *stop_family_name(stop_family f) {
    switch (f) {
    case STOP_PER_BLOCK:
        return "per_block";
    case STOP_BONFERRONI:
        return "bonferroni";
    case STOP_SIDAK:
        return "sidak";
    }
    return "unknown";
}
