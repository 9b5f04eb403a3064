/* tests/distributions/bernoulli-t.c: bernoulli(p) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(2 * 3 + 2 + 2 * 3);
    dist *d = make_n("bernoulli", 1, 0.1);
    fits_integers(d, -1, 2, 1);
    dist *h = make_n("bernoulli", 1, 0.5);
    fits_integers(h, -1, 2, 2);
    formats(d, "bernoulli(0.1)");
    ok(dist_is_integer(d), "bernoulli is integer-valued");

    dist_arg p[] = {num(-0.1)};
    fails("bernoulli", p, 1, "bernoulli(p) needs 0 <= p <= 1, got p = -0.1", 0);
    dist_arg two[] = {num(0.5), num(0.5)};
    fails("bernoulli", two, 2, "bernoulli takes 1 argument (p), got 2", -1);
    dist_free(d);
    dist_free(h);
    return done();
}
