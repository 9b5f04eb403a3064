/* tests/stats/berry_esseen-t.c: checks Shevtsova's bound and the widened normal quantile. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "berry_esseen.h"

#include <gsl/gsl_cdf.h>

int main(void) {
    plan(9);
    /* A two-point law 0/1 at p = 1/2: s = 1/2, rho = 1/8, rho / s^3 = 1. */
    double b = berry_esseen_bound(0.5, 0.125, 100);
    is_double(b, 0.33554 * 1.415 / 10, 1e-15, "Bernoulli(1/2), n 100: 0.33554 (1 + 0.415) / 10");
    ok(berry_esseen_bound(0, 0, 100) == 0, "s = 0: nothing to approximate, 0");
    ok(isinf(berry_esseen_bound(INFINITY, 1, 100)) && isinf(berry_esseen_bound(1, NAN, 100)) &&
           isinf(berry_esseen_bound(1, 1, 0)),
       "infinite moments or no trials: infinity");
    is_double(berry_esseen_bound(0.5, 0.125, 400), b / 2, 1e-15, "falls as 1 / sqrt(n)");

    /* The widened quantile spends what the bound leaves of alpha. */
    double u = berry_esseen_quantile(0.05, 0.0);
    is_double(u, gsl_cdf_ugaussian_Qinv(0.025), 1e-14, "BE 0: the plain 0.975 quantile");
    u = berry_esseen_quantile(0.05, 0.01);
    is_double(2 * gsl_cdf_ugaussian_Q(u) + 2 * 0.01, 0.05, 1e-14,
              "BE 0.01: 2 (1 - Phi(u')) + 2 BE = alpha (u' = %.4f)", u);
    ok(u > gsl_cdf_ugaussian_Qinv(0.025), "...wider than the plain quantile");
    ok(isinf(berry_esseen_quantile(0.05, 0.025)) && isinf(berry_esseen_quantile(0.05, 0.3)),
       "2 BE >= alpha: no interval (infinity)");
    ok(berry_esseen_quantile(0.05, 0.012) > berry_esseen_quantile(0.05, 0.011),
       "larger bound, wider quantile");
    return done();
}
