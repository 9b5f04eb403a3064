/* tests/distributions/exponential-t.c: exponential(rate) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(2 * 3 + 3 + 3 * 3);
    dist *d = make_n("exponential", 1, 2.0);
    fits_spaced(d, 0, 6, 40, 1);
    dist *e = make_n("exponential", 1, 0.01);
    fits_spaced(e, 0, 800, 40, 2);
    is_double(dist_mean(d), 0.5, 1e-15, "exponential(2) has mean 1/2: written by rate");
    formats(d, "exponential(2)");
    ok(!dist_is_integer(d), "exponential is not integer-valued");

    dist_arg zero[] = {num(0)};
    fails("exponential", zero, 1, "exponential(rate) needs rate > 0, got rate = 0", 0);
    fails("exponential", zero, 0, "exponential takes 1 argument (rate), got 0", -1);
    dist_arg s[] = {str("fast")};
    fails("exponential", s, 1, "exponential(rate): rate must be a number, got a string", 0);
    dist_free(d);
    dist_free(e);
    return done();
}
