/* harness/stop_rule.c: decides, at a check point, whether a block's mean is settled. */
/* SPDX-License-Identifier: MIT */
#include "stop_rule.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

int stop_params_init(stop_params *p, double epsilon, int relative, double confidence)
{
    if (!(confidence > 0.0 && confidence < 1.0) || !(epsilon > 0.0) || isinf(epsilon))
        return -1;
    p->epsilon = epsilon;
    p->relative = relative != 0;
    p->confidence = confidence;
    p->u = gsl_cdf_ugaussian_Pinv((1.0 + confidence) / 2.0);
    p->be_limit = (1.0 - confidence) / 10.0;
    return 0;
}

/* Trials after which no hit at all bounds P(reached) by LIMIT:
 * 1 - (1 - gamma)^(1/n) <= limit  <=>  n >= log(1 - gamma) / log(1 - limit). */
static double zero_hits_needed(double gamma, double limit)
{
    if (limit >= 1.0)
        return 1.0;
    return ceil(log1p(-gamma) / log1p(-limit));
}

void stop_rule_check(const stop_params *p, const tally_moments *m, block_verdict *v)
{
    double n = (double)m->n, root = sqrt(n), s = m->stddev, gamma = p->confidence;
    int enough = m->n >= STOP_MIN_TRIALS;

    memset(v, 0, sizeof *v);
    v->status = BLOCK_NOT_CONVERGED;
    v->method = METHOD_CLT;
    v->epsilon_abs = p->relative ? p->epsilon * fabs(m->mean) : p->epsilon;
    v->p_upper = 1.0;                  /* no bound claimed outside the rare case */
    v->half_width = m->n > 0 ? p->u * s / root : INFINITY;
    if (!isfinite(s))
        v->be_ratio = INFINITY;
    else if (s > 0.0 && m->n > 0)
        v->be_ratio = STOP_BE_SHEVTSOVA_C * (m->abs_m3 / (s * s * s) + STOP_BE_SHEVTSOVA_A) / root;
    /* with s == 0 there is nothing to approximate: be_ratio stays 0 */

    if (m->hits == 0) {
        /* Never reached: the exact one-sided bound, P(no hit | p) = (1 - p)^n = 1 - gamma.
         * In relative mode the mean is 0, so epsilon is taken as a share of one. */
        double limit = p->relative ? p->epsilon : v->epsilon_abs;
        v->method = METHOD_BINOMIAL;
        v->epsilon_abs = limit;
        v->p_upper = m->n > 0 ? -expm1(log1p(-gamma) / n) : 1.0;
        v->half_width = v->p_upper;
        v->be_ratio = 0.0;
        if (enough && v->p_upper <= limit) {
            v->status = BLOCK_RARE;
            v->n_needed = n;
        } else {
            v->n_needed = fmin(fmax(zero_hits_needed(gamma, limit), STOP_MIN_TRIALS),
                               STOP_N_NEEDED_MAX);
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

    /* Progress estimate from the current moments: the n where the half-width reaches
     * epsilon and the n where Berry-Esseen's 1/sqrt(n) reaches its limit. */
    double want = p->u * s / v->epsilon_abs;
    double be_at_one = v->be_ratio * root;
    double be_n = be_at_one / p->be_limit;
    v->n_needed = fmax(fmax(want * want, be_n * be_n), STOP_MIN_TRIALS);
    if (!(v->n_needed <= STOP_N_NEEDED_MAX))     /* also catches NaN */
        v->n_needed = STOP_N_NEEDED_MAX;

    if (enough && v->half_width <= v->epsilon_abs && v->be_ratio <= p->be_limit) {
        v->status = BLOCK_CONVERGED;
        v->n_needed = n;
        return;
    }

    if (m->hits < STOP_RARE_HITS) {
        /* Too few hits for the normal approximation: the upper end of the two-sided
         * Clopper-Pearson interval at confidence gamma bounds P(reached), and every
         * hit ran at most max times, so the mean is at most p_upper * max. */
        v->method = METHOD_BINOMIAL;
        v->p_upper = m->hits < m->n
            ? gsl_cdf_beta_Qinv((1.0 - gamma) / 2.0, (double)m->hits + 1.0, (double)(m->n - m->hits))
            : 1.0;
        v->half_width = v->p_upper * (double)m->max;
        if (enough && v->half_width <= v->epsilon_abs) {
            v->status = BLOCK_RARE;
            v->n_needed = n;
        }
    }
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
    }
    return "unknown";
}
