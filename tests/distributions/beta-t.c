/* tests/distributions/beta-t.c: beta(a, b) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(2 * 3 + 2 + 2 * 3);
    dist *d = make_n("beta", 2, 2.0, 5.0);
    fits_spaced(d, 0, 1, 40, 1);
    dist *u = make_n("beta", 2, 0.5, 0.5);
    fits_spaced(u, 0, 1, 40, 2);
    formats(d, "beta(2, 5)");
    ok(!dist_is_integer(d), "beta is not integer-valued");

    dist_arg a0[] = {num(-1), num(1)};
    fails("beta", a0, 2, "beta(a, b) needs a > 0, got a = -1", 0);
    dist_arg b0[] = {num(1), num(0)};
    fails("beta", b0, 2, "beta(a, b) needs b > 0, got b = 0", 1);
    dist_free(d);
    dist_free(u);
    return done();
}
