/* harness/stop_rule.c: decides, at a check point, whether a block's mean is settled. */
/* SPDX-License-Identifier: MIT */
#include "stop_rule.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include "berry_esseen.h"
#include "clopper_pearson.h"
#include "confidence_sequence.h"

static void derive(stop_params *p)
{
    double k = (double)(p->family_size ? p->family_size : 1), gamma = p->confidence;
    switch (p->family) {
    case STOP_PER_BLOCK: p->alpha = 1.0 - gamma; break;
    case STOP_BONFERRONI: p->alpha = (1.0 - gamma) / k; break;
    case STOP_SIDAK: p->alpha = -expm1(log(gamma) / k); break;
    }
    p->u = gsl_cdf_ugaussian_Qinv(p->alpha / 2.0);
}

int stop_params_init(stop_params *p, double epsilon, int relative, double confidence)
{
    if (!(confidence > 0.0 && confidence < 1.0) || !(epsilon > 0.0) || isinf(epsilon))
        return -1;
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

int stop_params_family(stop_params *p, stop_family family, uint64_t k)
{
    if (family != STOP_PER_BLOCK && family != STOP_BONFERRONI && family != STOP_SIDAK)
        return -1;
    p->family = family;
    p->family_size = family == STOP_PER_BLOCK || k == 0 ? 1 : k;
    derive(p);
    return 0;
}

int stop_params_method(stop_params *p, stop_method method, double cap)
{
    if ((method != STOP_METHOD_CLT && method != STOP_METHOD_ANYTIME && method != STOP_METHOD_PAPER) ||
        !(cap >= 0.0) || isinf(cap))
        return -1;
    p->method = method;
    p->cap = cap;
    return 0;
}

static double clamp_needed(double n)
{
    if (!(n <= STOP_N_NEEDED_MAX))          /* also catches NaN */
        return STOP_N_NEEDED_MAX;
    return n < STOP_MIN_TRIALS ? STOP_MIN_TRIALS : n;
}

/* The CLT half-width at N trials when Berry-Esseen's bound is B / sqrt(N). */
static double clt_width(double alpha, double s, double b, double n)
{
    return berry_esseen_quantile(alpha, b / sqrt(n)) * s / sqrt(n);
}

/* The least N (within 1%) at which WIDTH(N) <= EPS, for a WIDTH that falls with N:
 * doubling, then bisection on log N. An estimate for progress only. */
static double solve_needed(double (*width)(const void *, double), const void *ctx, double eps, double from)
{
    if (!(eps > 0.0))
        return STOP_N_NEEDED_MAX;
    double lo = from > 2.0 ? from : 2.0, hi = lo;
    while (!(width(ctx, hi) <= eps)) {
        lo = hi;
        hi *= 2.0;
        if (hi > STOP_N_NEEDED_MAX)
            return STOP_N_NEEDED_MAX;
    }
    while (hi > lo * 1.01) {
        double mid = sqrt(lo * hi);
        if (width(ctx, mid) <= eps) hi = mid; else lo = mid;
    }
    return hi;
}

typedef struct width_ctx { double alpha, s, b, variance, cap; } width_ctx;

static double clt_at(const void *c, double n)
{
    const width_ctx *w = c;
    return clt_width(w->alpha, w->s, w->b, n);
}

static double bernstein_at(const void *c, double n)
{
    const width_ctx *w = c;
    uint64_t k = n >= 1.8e19 ? UINT64_MAX : (uint64_t)n;
    return confidence_sequence_half_width(k, w->variance, w->cap, confidence_sequence_alpha(k, w->alpha));
}

static double fixed_bernstein_at(const void *c, double n)
{
    const width_ctx *w = c;
    return confidence_sequence_half_width(n >= 1.8e19 ? UINT64_MAX : (uint64_t)n, w->variance, w->cap, w->alpha);
}

static void exact_once(const tally_moments *m, block_verdict *v)
{
    v->status = BLOCK_CONSTANT;
    v->method = METHOD_EXACT;
    v->half_width = 0.0;
    v->be_ratio = 0.0;
    v->n_needed = (double)m->n;
}

/* A block reached too seldom for an interval around its mean: P_UP (the exact upper
 * bound on P(reached)) times the most a trial runs it, LARGEST, bounds the mean;
 * the block is rare once that bound is within epsilon. */
static void rare_bound(block_verdict *v, const tally_moments *m, double p_up, double largest, int enough)
{
    v->method = METHOD_BINOMIAL;
    v->p_upper = p_up;
    v->half_width = p_up * largest;
    if (enough && v->half_width <= v->epsilon_abs) {
        v->status = BLOCK_RARE;
        v->n_needed = (double)m->n;
    }
}

/* The paper's rule (section 3, Algorithm 1) with the absolute third moment and
 * Shevtsova's constant: the plain normal half-width within epsilon, and the
 * Berry-Esseen bound within a tenth of the error allowed. Blocks reached fewer than
 * STOP_RARE_HITS times are rare, with the exact binomial bound, as DESIGN.md says. */
static void paper_rule(const stop_params *p, const tally_moments *m, block_verdict *v, double alpha)
{
    double n = (double)m->n, s = m->stddev, limit = alpha / 10.0;
    int enough = m->n >= STOP_MIN_TRIALS;
    v->method = METHOD_CLT;
    v->quantile = p->u;
    v->half_width = p->u * s / sqrt(n);
    if (enough && v->half_width <= v->epsilon_abs && v->be_ratio <= limit) {
        v->status = BLOCK_CONVERGED;
        v->n_needed = n;
        return;
    }
    double plain = p->u * s / v->epsilon_abs, be = v->be_ratio * sqrt(n) / limit;
    v->n_needed = clamp_needed(fmax(fmax(plain * plain, be * be), STOP_MIN_TRIALS));
    if (m->hits < STOP_RARE_HITS)
        rare_bound(v, m, clopper_pearson_upper(m->hits, m->n, alpha), fmax((double)m->max, p->cap), enough);
}

void stop_rule_judge(const stop_params *p, const tally_moments *m, unsigned facts, block_verdict *v)
{
    double n = (double)m->n, root = sqrt(n), s = m->stddev;
    int enough = m->n >= STOP_MIN_TRIALS, anytime = p->method == STOP_METHOD_ANYTIME;
    double alpha = anytime ? confidence_sequence_alpha(m->n, p->alpha) : p->alpha;
    double largest = fmax((double)m->max, p->cap);

    memset(v, 0, sizeof *v);
    v->status = BLOCK_NOT_CONVERGED;
    v->method = anytime ? METHOD_BERNSTEIN : METHOD_CLT;
    v->level = alpha;
    v->epsilon_abs = p->relative ? p->epsilon * fabs(m->mean) : p->epsilon;
    v->p_upper = 1.0;                  /* no bound claimed outside the binomial method */
    v->half_width = m->n > 0 ? p->u * s / root : INFINITY;
    v->be_ratio = berry_esseen_bound(s, m->abs_m3, m->n);
    v->quantile = INFINITY;

    /* Proven to run exactly once: the data can only agree. Should they not (the proof
     * is conservative, so this means a defect), the block is judged like any other. */
    if ((facts & STOP_FACT_ONCE) && m->n > 0 && m->hits == m->n && m->min == 1 && m->max == 1) {
        exact_once(m, v);
        return;
    }

    if (m->hits == 0) {
        /* Never reached: P(no hit | p) = (1 - p)^n = alpha gives the exact one-sided
         * bound. A block once reached is taken to run once (or at most the cap); in
         * relative mode the mean is 0, so epsilon is taken as a share of one. */
        double limit = p->relative ? p->epsilon : v->epsilon_abs;
        double per_hit = (facts & STOP_FACT_AT_MOST_ONCE) ? 1.0 : p->cap > 0.0 ? p->cap : 1.0;
        v->method = METHOD_BINOMIAL;
        v->epsilon_abs = limit;
        v->p_upper = m->n > 0 ? clopper_pearson_upper(0, m->n, alpha) : 1.0;
        v->half_width = v->p_upper * per_hit;
        v->be_ratio = 0.0;
        if (enough && v->half_width <= limit) {
            v->status = BLOCK_RARE;
            v->n_needed = n;
        } else {
            v->n_needed = clamp_needed(clopper_pearson_zero_trials(limit / per_hit, alpha));
        }
        return;
    }

    if (m->hits == m->n && m->variance == 0.0) {
        v->method = METHOD_OBSERVED;
        v->half_width = 0.0;
        v->be_ratio = 0.0;
        v->status = enough ? BLOCK_CONSTANT : BLOCK_NOT_CONVERGED;
        v->n_needed = enough ? n : STOP_MIN_TRIALS;
        return;
    }

    if (p->method == STOP_METHOD_PAPER) {
        paper_rule(p, m, v, alpha);
        return;
    }

    if (m->max <= 1) {
        /* An indicator: the count is 0 or 1 (proven when FACTS has AT_MOST_ONCE, else
         * seen in every trial so far), so the mean is P(reached) and the exact
         * binomial interval applies, with no normal approximation at all. */
        double phat = (double)m->hits / n;
        double lo = clopper_pearson_lower(m->hits, m->n, alpha / 2.0);
        double hi = clopper_pearson_upper(m->hits, m->n, alpha / 2.0);
        v->method = METHOD_BINOMIAL;
        v->p_upper = hi;
        v->half_width = fmax(phat - lo, hi - phat);
        if (enough && v->half_width <= v->epsilon_abs) {
            v->status = m->hits < STOP_RARE_HITS ? BLOCK_RARE : BLOCK_CONVERGED;
            v->n_needed = n;
        } else {
            double r = v->epsilon_abs > 0.0 ? v->half_width / v->epsilon_abs : INFINITY;
            v->n_needed = clamp_needed(n * r * r);
        }
        return;
    }

    width_ctx w = { alpha, s, v->be_ratio * root, m->variance, largest };
    if (anytime) {
        v->half_width = confidence_sequence_half_width(m->n, m->variance, largest, alpha);
        if (enough && v->half_width <= v->epsilon_abs) {
            v->status = BLOCK_CONVERGED;
            v->n_needed = n;
            return;
        }
        w.alpha = p->alpha;
        v->n_needed = clamp_needed(solve_needed(bernstein_at, &w, v->epsilon_abs, n));
    } else {
        /* Under a simultaneous guarantee alpha is small and Berry-Esseen's term, which
         * must fit in it, shrinks only as 1 / sqrt(n): the normal interval would need
         * (2 B / alpha)^2 trials whatever epsilon is. The block then takes the narrower
         * of it and the fixed-n empirical Bernstein interval, each at alpha / 2: both
         * hold together with probability >= 1 - alpha, so their intersection does. */
        int both = p->family != STOP_PER_BLOCK;
        double a = both ? alpha / 2.0 : alpha;
        v->quantile = berry_esseen_quantile(a, v->be_ratio);
        if (isfinite(v->quantile))
            v->half_width = v->quantile * s / root;
        double bern = both ? confidence_sequence_half_width(m->n, m->variance, largest, a) : INFINITY;
        if (bern < v->half_width || (both && !isfinite(v->quantile) && isfinite(bern))) {
            v->half_width = bern;
            v->method = METHOD_BERNSTEIN;
            v->quantile = INFINITY;
        }
        if (enough && (isfinite(v->quantile) || v->method == METHOD_BERNSTEIN) && v->half_width <= v->epsilon_abs) {
            v->status = BLOCK_CONVERGED;
            v->n_needed = n;
            return;
        }
        /* Where the widened interval would reach epsilon, from the current moments:
         * not before the Berry-Esseen bound leaves room (2 B / sqrt N < alpha), nor
         * before the plain normal interval does. */
        w.alpha = a;
        double plain = p->u * s / v->epsilon_abs, from = 2.0 * w.b / a;
        from = fmax(plain * plain, from * from * 1.0001);
        v->n_needed = isfinite(w.b) ? clamp_needed(solve_needed(clt_at, &w, v->epsilon_abs, from))
                                    : STOP_N_NEEDED_MAX;
        if (both) {
            double b = solve_needed(fixed_bernstein_at, &w, v->epsilon_abs, fmax(n, 2.0));
            v->n_needed = clamp_needed(fmin(v->n_needed, b));
        }
    }

    /* Reached too seldom for an interval around the mean (few hits, or a skew that
     * keeps Berry-Esseen large): the exact bound on P(reached) times the most a trial
     * ran it bounds the mean, and both the mean and the estimate lie in [0, that
     * bound]. Under 10 hits this is the block's reported bound even when unsettled. */
    double p_up = clopper_pearson_upper(m->hits, m->n, alpha);
    if (m->hits < STOP_RARE_HITS || (enough && p_up * largest <= v->epsilon_abs))
        rare_bound(v, m, p_up, largest, enough);
}

void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v)
{
    stop_rule_judge(p, m, 0, v);
}

const char *block_status_name(block_status s)
{
    switch (s) {
    case BLOCK_NOT_CONVERGED: return "not_converged";
    case BLOCK_CONVERGED: return "converged";
    case BLOCK_CONSTANT: return "constant";
    case BLOCK_RARE: return "rare";
    }
    return "unknown";
}

const char *block_method_name(block_method m)
{
    switch (m) {
    case METHOD_CLT: return "clt";
    case METHOD_OBSERVED: return "observed";
    case METHOD_BINOMIAL: return "binomial";
    case METHOD_EXACT: return "exact";
    case METHOD_BERNSTEIN: return "bernstein";
    }
    return "unknown";
}

const char *stop_method_name(stop_method m)
{
    return m == STOP_METHOD_ANYTIME ? "anytime" : m == STOP_METHOD_PAPER ? "paper" : "clt";
}

const char *stop_family_name(stop_family f)
{
    switch (f) {
    case STOP_PER_BLOCK: return "per_block";
    case STOP_BONFERRONI: return "bonferroni";
    case STOP_SIDAK: return "sidak";
    }
    return "unknown";
}
