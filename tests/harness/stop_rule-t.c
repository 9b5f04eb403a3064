/* tests/harness/stop_rule-t.c: checks the stopping rule on synthetic blocks. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "schedule.h"
#include "stop_rule.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#define U95 1.959963984540054      /* the 0.975 quantile of the standard normal */

static int rel(double got, double want, double tol)
{
    int pass = fabs(got - want) <= tol * fabs(want);
    if (!pass) diag("got %.17g want %.17g", got, want);
    return pass;
}

/* A block run COUNT times in each of TRIALS of N trials (the rest are zeros). */
static void verdict_of(const stop_params *p, uint64_t n, uint64_t count, uint64_t trials,
                       tally_moments *m, block_verdict *v)
{
    tally t;
    tally_init(&t);
    if (tally_add(&t, count, trials) < 0) bail("out of memory");
    tally_moments_of(&t, n, m);
    stop_rule_check(p, m, v);
    tally_free(&t);
}

/* Expected half-width and Berry-Esseen ratio of a block run once with probability
 * q = K / n, written from the formulas: s^2 = n q (1 - q) / (n - 1),
 * rho = q (1 - q)^3 + (1 - q) q^3. */
static void bernoulli_expect(double n, double k, double *hw, double *be, double *s_out)
{
    double q = k / n, s2 = n * q * (1 - q) / (n - 1), s = sqrt(s2);
    double rho = q * pow(1 - q, 3) + (1 - q) * pow(q, 3);
    *hw = U95 * s / sqrt(n);
    *be = 0.33554 * (rho + 0.415 * s * s * s) / (s * s * s * sqrt(n));
    *s_out = s;
}

/* One estimation of a Poisson(LAMBDA) block the way the harness runs it: trials in
 * order, the rule checked at the schedule's points only. Returns the verdict. */
static void estimate(gsl_rng *r, const stop_params *p, double lambda, uint64_t max,
                     tally *t, tally_moments *m, block_verdict *v)
{
    uint64_t n = 0;
    tally_reset(t);
    for (;;) {
        uint64_t next = schedule_next(n, max);
        if (next <= n) break;
        for (; n < next; n++)
            if (tally_add(t, gsl_ran_poisson(r, lambda), 1) < 0) bail("out of memory");
        tally_moments_of(t, n, m);
        stop_rule_check(p, m, v);
        if (v->status != BLOCK_NOT_CONVERGED) break;
    }
}

int main(void)
{
    plan(48);
    stop_params p;
    tally_moments m;
    block_verdict v;
    double hw, be, s;

    /* Parameters. */
    ok(stop_params_init(&p, 0.1, 0, 1.0) < 0, "confidence 1 is refused");
    ok(stop_params_init(&p, 0.1, 0, 0.0) < 0, "confidence 0 is refused");
    ok(stop_params_init(&p, 0.0, 0, 0.95) < 0, "epsilon 0 is refused");
    ok(stop_params_init(&p, NAN, 0, 0.95) < 0, "epsilon NaN is refused");
    ok(stop_params_init(&p, 0.05, 0, 0.95) == 0, "epsilon 0.05 at 95%% is accepted");
    ok(rel(p.u, U95, 1e-14), "u is the 0.975 normal quantile");
    ok(rel(p.be_limit, 0.005, 1e-15), "the Berry-Esseen limit is (1 - gamma) / 10");

    /* Fewer than 30 trials: nothing settles, not even a constant. */
    verdict_of(&p, 29, 2, 29, &m, &v);
    is_int(v.status, BLOCK_NOT_CONVERGED, "29 constant trials: not converged yet");
    is_int((long long)v.n_needed, 30, "...needing 30");
    verdict_of(&p, 29, 1, 15, &m, &v);
    stop_params_init(&p, 100.0, 0, 0.95);
    stop_rule_check(&p, &m, &v);
    is_int(v.status, BLOCK_NOT_CONVERGED, "29 noisy trials, huge epsilon: not converged");

    /* Constant. */
    stop_params_init(&p, 0.05, 0, 0.95);
    verdict_of(&p, 50, 2, 50, &m, &v);
    is_int(v.status, BLOCK_CONSTANT, "50 trials of 2: constant");
    is_int(v.method, METHOD_OBSERVED, "...by observation");
    ok(v.half_width == 0 && v.n_needed == 50, "...half-width 0, nothing more needed");

    /* Never reached: the exact zero-success bound. */
    verdict_of(&p, 100, 0, 0, &m, &v);
    is_int(v.status, BLOCK_RARE, "100 trials, no hit: rare");
    is_int(v.method, METHOD_BINOMIAL, "...by the binomial bound");
    ok(rel(v.p_upper, 1 - pow(0.05, 1.0 / 100), 1e-13), "...p_upper = 1 - 0.05^(1/100)");
    ok(rel(v.half_width, v.p_upper, 0), "...which is the half-width");
    diag("rule of three: 3/n = %.4f, exact %.4f", 3.0 / 100, v.p_upper);
    verdict_of(&p, 40, 0, 0, &m, &v);
    is_int(v.status, BLOCK_NOT_CONVERGED, "40 trials, no hit: p_upper 0.072 > 0.05, not yet");
    /* (1 - gamma)^(1/n) >= 0.95 first at n = ceil(log 0.05 / log 0.95) = 59. */
    is_int((long long)v.n_needed, 59, "...needing 59 trials");
    stop_params_init(&p, 0.05, 1, 0.95);
    verdict_of(&p, 100, 0, 0, &m, &v);
    is_int(v.status, BLOCK_RARE, "relative mode, no hit: rare against epsilon itself");
    ok(v.epsilon_abs == 0.05, "...and epsilon_abs reports that limit");

    /* Bernoulli(0.4) over 1000 trials: the half-width passes at epsilon 0.05 but
     * Berry-Esseen does not (about 0.0156 > 0.005). */
    stop_params_init(&p, 0.05, 0, 0.95);
    verdict_of(&p, 1000, 1, 400, &m, &v);
    bernoulli_expect(1000, 400, &hw, &be, &s);
    ok(rel(m.variance, 240.0 / 999.0, 1e-14), "Bernoulli: s^2 = 240/999");
    ok(rel(m.abs_m3, 0.1248, 1e-14), "Bernoulli: rho = 0.4*0.6^3 + 0.6*0.4^3");
    ok(rel(v.half_width, hw, 1e-12), "Bernoulli: half-width u s / sqrt(n)");
    ok(rel(v.be_ratio, be, 1e-12), "Bernoulli: Shevtsova's ratio");
    ok(v.half_width <= 0.05 && v.be_ratio > 0.005, "...the half-width passes, Berry-Esseen fails");
    is_int(v.status, BLOCK_NOT_CONVERGED, "...so not converged");
    is_int(v.method, METHOD_CLT, "...still by the CLT");
    {
        double want = U95 * s / 0.05, ben = be * sqrt(1000) / 0.005;
        ok(rel(v.n_needed, fmax(want * want, ben * ben), 1e-12),
           "...n_needed is where Berry-Esseen would pass (%.0f)", v.n_needed);
    }

    /* Bernoulli(0.4) over 20000 trials at epsilon 0.01: both pass. */
    stop_params_init(&p, 0.01, 0, 0.95);
    verdict_of(&p, 20000, 1, 8000, &m, &v);
    bernoulli_expect(20000, 8000, &hw, &be, &s);
    ok(rel(v.half_width, hw, 1e-12) && rel(v.be_ratio, be, 1e-12),
       "20000 trials: half-width and ratio by hand");
    is_int(v.status, BLOCK_CONVERGED, "...converged");
    ok(v.n_needed == 20000 && v.p_upper == 1.0, "...n_needed is n, no binomial bound");

    /* The same block at epsilon 0.005: the half-width fails. */
    stop_params_init(&p, 0.005, 0, 0.95);
    stop_rule_check(&p, &m, &v);
    is_int(v.status, BLOCK_NOT_CONVERGED, "epsilon 0.005: the half-width fails");
    ok(rel(v.n_needed, pow(U95 * s / 0.005, 2), 1e-12), "...n_needed (u s / eps)^2");

    /* Rare: 3 hits in 1000 trials, each running at most twice. */
    stop_params_init(&p, 0.05, 0, 0.95);
    {
        tally t;
        tally_init(&t);
        tally_add(&t, 2, 2);
        tally_add(&t, 1, 1);
        tally_moments_of(&t, 1000, &m);
        tally_free(&t);
    }
    stop_rule_check(&p, &m, &v);
    is_int(v.status, BLOCK_RARE, "3 hits in 1000: rare");
    is_int(v.method, METHOD_BINOMIAL, "...by the binomial bound");
    /* The Clopper-Pearson upper end solves P(X <= 3 | n, p) = (1 - gamma) / 2. */
    ok(rel(gsl_cdf_binomial_P(3, v.p_upper, 1000), 0.025, 1e-9),
       "...p_upper solves P(Bin(1000, p) <= 3) = 0.025 (p = %.5f)", v.p_upper);
    ok(rel(v.half_width, 2 * v.p_upper, 1e-15), "...half-width p_upper * max");
    stop_params_init(&p, 0.01, 0, 0.95);
    stop_rule_check(&p, &m, &v);
    ok(v.status == BLOCK_NOT_CONVERGED && v.method == METHOD_BINOMIAL,
       "3 hits, epsilon 0.01: the bound 0.0175 is too wide");

    /* Relative precision: mean 10 (9 and 11 alternating) over 400 trials. */
    stop_params_init(&p, 0.01, 1, 0.95);
    {
        tally t;
        tally_init(&t);
        tally_add(&t, 9, 200);
        tally_add(&t, 11, 200);
        tally_moments_of(&t, 400, &m);
        tally_free(&t);
    }
    stop_rule_check(&p, &m, &v);
    ok(rel(v.epsilon_abs, 0.1, 1e-15), "relative: epsilon_abs = 0.01 * mean 10");
    /* s = sqrt(400/399), half-width 1.96 s / 20 = 0.098 <= 0.1; the two-point law
     * has rho = s^3 (n-1)^1.5/n^1.5, ratio 0.33554 * 1.41 / 20 = 0.024 > 0.005. */
    ok(v.half_width <= 0.1 && v.be_ratio > 0.005, "...half-width passes, Berry-Esseen not");
    stop_params_init(&p, 0.005, 1, 0.95);
    stop_rule_check(&p, &m, &v);
    ok(rel(v.epsilon_abs, 0.05, 1e-15) && v.half_width > v.epsilon_abs,
       "relative 0.005: epsilon_abs 0.05, the half-width fails");

    /* Saturated sums give infinite moments: never converged, n_needed stays finite. */
    {
        tally_moments inf = { .n = 100, .hits = 100, .min = 1, .max = 5, .mean = 3,
                              .variance = INFINITY, .stddev = INFINITY, .abs_m3 = INFINITY };
        stop_params_init(&p, 0.05, 0, 0.95);
        stop_rule_check(&p, &inf, &v);
        ok(v.status == BLOCK_NOT_CONVERGED && v.n_needed == STOP_N_NEEDED_MAX,
           "infinite moments: not converged, n_needed capped");
    }

    /* Names. */
    is_string(block_status_name(BLOCK_NOT_CONVERGED), "not_converged", "status name");
    ok(!strcmp(block_status_name(BLOCK_CONVERGED), "converged")
       && !strcmp(block_status_name(BLOCK_CONSTANT), "constant")
       && !strcmp(block_status_name(BLOCK_RARE), "rare"), "...the other statuses");
    ok(!strcmp(block_method_name(METHOD_CLT), "clt")
       && !strcmp(block_method_name(METHOD_OBSERVED), "observed")
       && !strcmp(block_method_name(METHOD_BINOMIAL), "binomial"), "method names");

    /* Coverage. R independent estimations of a Poisson(4.2) block at epsilon 0.02,
     * gamma 0.95. Epsilon is small enough that the half-width, not Berry-Esseen,
     * decides the stop (about 40000 trials against about 18000), so this measures
     * the CLT interval. If each run covered 4.2 with probability gamma, the number
     * covering would be Binomial(R, gamma), with standard error of the share
     * sqrt(gamma (1 - gamma) / R) = 0.0109 at R = 400. We accept a share down to
     * gamma - 3 standard errors = 0.917: a correct rule fails this about once in
     * 700 seeds (normal tail beyond 3 sigma), while a rule whose true coverage is
     * 0.90 or below fails it more often than not. The seed is fixed. */
    {
        const int R = 400;
        const double lambda = 4.2, eps = 0.02, gamma = 0.95;
        double margin = 3 * sqrt(gamma * (1 - gamma) / R);
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        if (!r) bail("no generator");
        gsl_rng_set(r, 20240611);
        stop_params_init(&p, eps, 0, gamma);
        tally t;
        tally_init(&t);
        int covered = 0, converged = 0;
        double trials = 0;
        for (int i = 0; i < R; i++) {
            estimate(r, &p, lambda, 10000000, &t, &m, &v);
            converged += v.status == BLOCK_CONVERGED;
            covered += fabs(m.mean - lambda) <= eps;
            trials += (double)m.n;
        }
        tally_free(&t);
        gsl_rng_free(r);
        diag("coverage %d/%d = %.4f, threshold %.4f, mean trials %.0f",
             covered, R, (double)covered / R, gamma - margin, trials / R);
        is_int(converged, R, "coverage: every run converged by the CLT");
        ok((double)covered / R >= gamma - margin,
           "coverage: share within epsilon >= gamma - 3 standard errors");
    }
    return done();
}
