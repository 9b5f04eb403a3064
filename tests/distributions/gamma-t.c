/* tests/distributions/gamma-t.c: gamma(k, theta) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(3 * 3 + 2 + 3 * 3);
    dist *d = make_n("gamma", 2, 3.0, 1.5);
    fits_spaced(d, 0, 16, 40, 1);
    dist *s = make_n("gamma", 2, 0.5, 2.0); /* shape below 1: GSL's other method */
    fits_spaced(s, 0, 8, 40, 2);
    dist *b = make_n("gamma", 2, 50.0, 0.1);
    fits_spaced(b, 3, 7, 40, 3);
    formats(d, "gamma(3, 1.5)");
    ok(!dist_is_integer(d), "gamma is not integer-valued");

    dist_arg k0[] = {num(0), num(1)};
    fails("gamma", k0, 2, "gamma(k, theta) needs k > 0, got k = 0", 0);
    dist_arg t0[] = {num(2), num(-0.5)};
    fails("gamma", t0, 2, "gamma(k, theta) needs theta > 0, got theta = -0.5", 1);
    dist_arg inf[] = {num(INFINITY), num(1)};
    fails("gamma", inf, 2, "gamma(k, theta): k must be finite, got k = inf", 0);
    dist_free(d);
    dist_free(s);
    dist_free(b);
    return done();
}
