/* tests/distributions/lognormal-t.c: lognormal(mu, sigma) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(2 * 3 + 3 + 2 * 3);
    dist *d = make_n("lognormal", 2, 0.0, 0.5);
    fits_spaced(d, 0.1, 5, 40, 1);
    dist *e = make_n("lognormal", 2, 3.0, 0.25);
    fits_spaced(e, 8, 45, 30, 2);
    is_double(dist_mean(e), exp(3.0 + 0.03125), 1e-9, "mean is exp(mu + sigma^2 / 2)");
    formats(e, "lognormal(3, 0.25)");
    ok(!dist_is_integer(d), "lognormal is not integer-valued");

    dist_arg neg[] = {num(1), num(-1)};
    fails("lognormal", neg, 2, "lognormal(mu, sigma) needs sigma > 0, got sigma = -1", 1);
    fails("lognormal", neg, 1, "lognormal takes 2 arguments (mu, sigma), got 1", -1);
    dist_free(d);
    dist_free(e);
    return done();
}
