/* tests/distributions/binomial-t.c: binomial(n, p) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(4 * 3 + 2 + 3 * 3);
    dist *d = make_n("binomial", 2, 20.0, 0.3);
    fits_integers(d, 0, 20, 1);
    dist *big = make_n("binomial", 2, 1000.0, 0.7);
    fits_integers(big, 640, 760, 2);
    dist *none = make_n("binomial", 2, 5.0, 0.0);
    fits_integers(none, 0, 5, 3);
    dist *all = make_n("binomial", 2, 5.0, 1.0);
    fits_integers(all, 0, 5, 4);
    formats(d, "binomial(20, 0.3)");
    ok(dist_is_integer(d), "binomial is integer-valued");

    dist_arg frac[] = {num(2.5), num(0.5)};
    fails("binomial", frac, 2, "binomial(n, p) needs an integer n with 0 <= n <= 4294967295, got n = 2.5", 0);
    dist_arg p[] = {num(10), num(1.5)};
    fails("binomial", p, 2, "binomial(n, p) needs 0 <= p <= 1, got p = 1.5", 1);
    dist_arg neg[] = {num(-1), num(0.5)};
    fails("binomial", neg, 2, "binomial(n, p) needs an integer n with 0 <= n <= 4294967295, got n = -1", 0);
    dist_free(d);
    dist_free(big);
    dist_free(none);
    dist_free(all);
    return done();
}
