/* tests/distributions/quantile-t.c: the inverse CDF behind stratified and quasi-random draws. */
/* SPDX-License-Identifier: MIT */
#include <gsl/gsl_cdf.h>

#include "dist_test.h"

/* For U on a grid of (0, 1): Q = F^-1(U) has F(Q) >= U, and for integer-valued D
 * F(Q - 1) < U (the smallest such integer); real-valued, F(Q) is U to within TOL. */
static void inverse(const char *what, dist *d, double tol) /* frees D */
{
    int good = 1;
    double worst_u = 0, worst_q = 0;
    for (int i = 1; i < 1000 && good; i++) {
        double u = i / 1000.0 - 0.0003 * (i % 3);
        double q = dist_quantile(d, u);
        if (dist_is_integer(d))
            good = q == floor(q) && dist_cdf(d, q) >= u && dist_cdf(d, q - 1) < u;
        else
            good = fabs(dist_cdf(d, q) - u) <= tol;
        worst_u = u;
        worst_q = q;
    }
    ok(good, "%s: F^-1(u) is the smallest x with F(x) >= u on a grid of u%s", what, good ? "" : " (fails)");
    if (!good) diag("u = %.17g, F^-1(u) = %.17g", worst_u, worst_q);
    dist_free(d);
}

int main(void) {
    plan(11);
    inverse("uniform_int(3, 7)", make_n("uniform_int", 2, 3.0, 7.0), 0);
    inverse("poisson(4.2) (search)", make_n("poisson", 1, 4.2), 0);
    inverse("binomial(20, 0.3)", make_n("binomial", 2, 20.0, 0.3), 0);
    inverse("geometric(0.1)", make_n("geometric", 1, 0.1), 0);
    inverse("bernoulli(0.3)", make_n("bernoulli", 1, 0.3), 0);
    dist_arg w[] = {weighted(5, 3), weighted(1, 1), weighted(8, 2)};
    inverse("discrete(5: 3, 1: 1, 8: 2)", make("discrete", w, 3), 0);
    inverse("exponential(2)", make_n("exponential", 1, 2.0), 1e-12);
    dist_arg t[] = {inner(make_n("normal", 2, 0.0, 1.0)), num(-1), num(2)};
    inverse("truncated(normal(0, 1), -1, 2) (bisection)", make("truncated", t, 3), 1e-12);
    dist_arg c[] = {num(0.5), num(2.5), num(-1)};
    dist *choice = make("choice", c, 3);
    ok(dist_quantile(choice, 0.2) == -1 && dist_quantile(choice, 0.5) == 0.5 &&
           dist_quantile(choice, 0.9) == 2.5,
       "choice(0.5, 2.5, -1): the sorted values by thirds");
    dist *normal = make_n("normal", 2, 10.0, 3.0);
    ok(fabs(dist_quantile(normal, 0.975) - (10 + 3 * gsl_cdf_ugaussian_Pinv(0.975))) <= 1e-12,
       "normal(10, 3): GSL's inverse");
    dist *constant = make_n("constant", 1, 7.0);
    ok(dist_quantile(constant, 0.01) == 7, "constant(7): 7");
    dist_free(choice);
    dist_free(normal);
    dist_free(constant);
    return done();
}
