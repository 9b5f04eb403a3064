/* tests/stats/clopper_pearson-t.c: checks the exact binomial bounds against their defining equations. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "clopper_pearson.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

static int rel(double got, double want, double tol) {
    int pass = fabs(got - want) <= tol * fabs(want);
    if (!pass) diag("got %.17g want %.17g", got, want);
    return pass;
}

/* log P(Bin(n, p) <= k) by summing the probabilities in log space: slow, but exact
 * enough for checking a bound at any n. */
static double log_at_most(uint64_t k, uint64_t n, double p) {
    double best = -INFINITY, sum = 0;
    double lp = log(p), lq = log1p(-p), ln = lgamma((double)n + 1);
    for (uint64_t i = 0; i <= k; i++) {
        double t =
            ln - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + (double)i * lp + (double)(n - i) * lq;
        if (t > best) {
            sum = sum * exp(best - t) + 1;
            best = t;
        } else
            sum += exp(t - best);
    }
    return best + log(sum);
}

/* log P(Bin(n, p) >= k), summing upwards from k until the terms vanish. */
static double log_at_least(uint64_t k, uint64_t n, double p) {
    double best = -INFINITY, sum = 0;
    double lp = log(p), lq = log1p(-p), ln = lgamma((double)n + 1);
    for (uint64_t i = k; i <= n; i++) {
        double t =
            ln - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + (double)i * lp + (double)(n - i) * lq;
        if (t > best) {
            sum = sum * exp(best - t) + 1;
            best = t;
        } else
            sum += exp(t - best);
        if (t < best - 60) break;
    }
    return best + log(sum);
}

int main(void) {
    plan(16);
    ok(isnan(clopper_pearson_upper(1, 0, 0.05)) && isnan(clopper_pearson_lower(5, 4, 0.05)) &&
           isnan(clopper_pearson_upper(1, 10, 0)) && isnan(clopper_pearson_upper(1, 10, 1)),
       "n 0, k > n, alpha 0 or 1: NaN");
    ok(clopper_pearson_upper(10, 10, 0.05) == 1 && clopper_pearson_lower(0, 10, 0.05) == 0,
       "k = n: upper 1; k = 0: lower 0");
    ok(rel(clopper_pearson_upper(0, 100, 0.05), 1 - pow(0.05, 0.01), 1e-14), "k = 0: 1 - alpha^(1/n)");
    ok(rel(clopper_pearson_lower(100, 100, 0.05), pow(0.05, 0.01), 1e-14), "k = n: alpha^(1/n)");

    /* The defining equations, at small and moderate n (GSL's binomial CDF is exact there). */
    static const uint64_t ks[] = {1, 3, 10, 400, 2999}, ns[] = {1000, 30, 30, 1000, 3000};
    int eq_up = 1, eq_lo = 1, order = 1;
    for (int i = 0; i < 5; i++) {
        double u = clopper_pearson_upper(ks[i], ns[i], 0.025), l = clopper_pearson_lower(ks[i], ns[i], 0.025);
        double pu = gsl_cdf_binomial_P((unsigned)ks[i], u, (unsigned)ns[i]);
        double pl = gsl_cdf_binomial_Q((unsigned)ks[i] - 1, l, (unsigned)ns[i]);
        if (!rel(pu, 0.025, 1e-8)) eq_up = 0;
        if (!rel(pl, 0.025, 1e-8)) eq_lo = 0;
        double phat = (double)ks[i] / (double)ns[i];
        if (!(l < phat && phat < u)) order = 0;
    }
    ok(eq_up, "upper: P(Bin(n, U) <= k) = alpha for five (k, n)");
    ok(eq_lo, "lower: P(Bin(n, L) >= k) = alpha for five (k, n)");
    ok(order, "L < k/n < U");

    /* Large n, where library inverses give up: check the equation in log space. */
    double u = clopper_pearson_upper(3000000, 10000000, 1e-7);
    ok(isfinite(u) && u > 0.3 && u < 0.301, "n = 10^7, k = 3 10^6, alpha 1e-7: upper %.8f", u);
    ok(rel(log_at_most(3000000, 10000000, u), log(1e-7), 1e-6), "...and it solves the tail equation");
    double l = clopper_pearson_lower(3000000, 10000000, 1e-7);
    ok(l < 0.3 && l > 0.299 && rel(log_at_least(3000000, 10000000, l), log(1e-7), 1e-6),
       "...lower %.8f likewise", l);
    ok(clopper_pearson_upper(5, 100000000, 1e-3) > 5e-8 &&
           rel(log_at_most(5, 100000000, clopper_pearson_upper(5, 100000000, 1e-3)), log(1e-3), 1e-6),
       "n = 10^8, k = 5: the tail equation holds");

    /* Monotone: more confidence, wider. */
    ok(clopper_pearson_upper(7, 500, 0.001) > clopper_pearson_upper(7, 500, 0.01) &&
           clopper_pearson_lower(7, 500, 0.001) < clopper_pearson_lower(7, 500, 0.01),
       "smaller alpha, wider bounds");

    /* Coverage: 20000 samples of Bin(60, 0.05), the two-sided interval at 0.95 must
     * hold p at least 95% of the time (it is conservative: more). The standard error
     * of the share is 0.0015; 4 of them below 0.95 would be a failure. */
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(g, 77);
    int hold = 0;
    for (int i = 0; i < 20000; i++) {
        unsigned k = gsl_ran_binomial(g, 0.05, 60);
        hold += clopper_pearson_lower(k, 60, 0.025) <= 0.05 && 0.05 <= clopper_pearson_upper(k, 60, 0.025);
    }
    gsl_rng_free(g);
    ok(hold >= 20000 * (0.95 - 4 * 0.0015), "coverage at p = 0.05, n = 60: %.4f", hold / 20000.0);

    ok(clopper_pearson_zero_trials(0.05, 0.05) == 59, "no hit: 59 trials bound p by 0.05 at 95%%");
    ok(clopper_pearson_zero_trials(1, 0.05) == 1 && clopper_pearson_zero_trials(0, 0.05) == 1e18,
       "limit 1: one trial; limit 0: never");
    ok(rel(clopper_pearson_upper(0, 59, 0.05), 0.05, 0.02) && clopper_pearson_upper(0, 59, 0.05) <= 0.05,
       "...and at 59 trials the bound is just under 0.05");
    return done();
}
