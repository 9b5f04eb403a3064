/* tests/distributions/poisson-t.c: poisson(l) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

#include <math.h>

/* P(X > k) for poisson(L), summed term by term in logs from k + 1 on: an oracle for
 * the far tail that shares nothing with GSL's upper-tail routine. */
static double tail_sum(double l, int k) {
    double sum = 0;
    for (int i = k + 1; i < k + 2000; i++) sum += exp(i * log(l) - l - lgamma(i + 1.0));
    return sum;
}

int main(void) {
    plan(3 * 3 + 2 + 4 + 3 * 3);
    dist *d = make_n("poisson", 1, 4.0);
    fits_integers(d, 0, 16, 1);
    dist *big = make_n("poisson", 1, 300.0); /* GSL's large-mean method */
    fits_integers(big, 240, 360, 2);
    dist *tiny = make_n("poisson", 1, 0.01);
    fits_integers(tiny, 0, 3, 3);
    formats(d, "poisson(4)");
    ok(dist_is_integer(d), "poisson is integer-valued");
    /* the upper tail where 1 - cdf has no digits left: relative accuracy */
    is_double(dist_survival(d, 3.5), tail_sum(4.0, 3), 1e-12, "survival(3.5) is P(X > 3)");
    ok(fabs(dist_survival(d, 60) / tail_sum(4.0, 60) - 1) < 1e-9, "survival(60) = %.6g, summed %.6g",
       dist_survival(d, 60), tail_sum(4.0, 60));
    is_double(dist_survival(d, -1), 1, 0, "survival below the support is 1");
    ok(dist_survival(d, 60) > 0 && 1 - dist_cdf(d, 60) == 0, "where 1 - cdf is 0, survival is not");

    dist_arg zero[] = {num(0)};
    fails("poisson", zero, 1, "poisson(l) needs 0 < l <= 2.14748e+09, got l = 0", 0);
    dist_arg huge[] = {num(1e10)};
    fails("poisson", huge, 1, "poisson(l) needs 0 < l <= 2.14748e+09, got l = 1e+10", 0);
    fails("poisson", zero, 2, "poisson takes 1 argument (l), got 2", -1);
    dist_free(d);
    dist_free(big);
    dist_free(tiny);
    return done();
}
