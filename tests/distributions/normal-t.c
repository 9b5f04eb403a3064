/* tests/distributions/normal-t.c: normal(mu, sigma) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(3 * 3 + 2 + 4 * 3);
    dist *d = make_n("normal", 2, 600.0, 25.0);
    fits_spaced(d, 500, 700, 40, 1);
    dist *s = make_n("normal", 2, 0.0, 1.0);
    fits_spaced(s, -4.5, 4.5, 45, 2); /* reaches into the ziggurat's tail */
    dist *t = make_n("normal", 2, -3.0, 0.001);
    fits_spaced(t, -3.004, -2.996, 16, 3);
    formats(d, "normal(600, 25)");
    ok(!dist_is_integer(d), "normal is not integer-valued");

    dist_arg zero[] = {num(0), num(0)};
    fails("normal", zero, 2, "normal(mu, sigma) needs sigma > 0, got sigma = 0", 1);
    dist_arg neg[] = {num(0), num(-2.5)};
    fails("normal", neg, 2, "normal(mu, sigma) needs sigma > 0, got sigma = -2.5", 1);
    dist_arg three[] = {num(0), num(1), num(2)};
    fails("normal", three, 3, "normal takes 2 arguments (mu, sigma), got 3", -1);
    dist_arg w[] = {weighted(0, 1), num(1)};
    fails("normal", w, 2, "normal(mu, sigma): mu must be a plain number, got a value: weight pair", 0);
    dist_free(d);
    dist_free(s);
    dist_free(t);
    return done();
}
