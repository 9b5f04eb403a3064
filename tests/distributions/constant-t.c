/* tests/distributions/constant-t.c: constant(c) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(2 * 3 + 5 + 2 * 3);
    dist *d = make_n("constant", 1, 7.0);
    fits_integers(d, 5, 9, 1);
    dist *f = make_n("constant", 1, -2.5);
    double edges[] = {-2.5000001, -2.5};
    fits(f, edges, 2, 2);
    is_double(dist_cdf(d, 6.999), 0, 0, "nothing below c");
    is_double(dist_cdf(d, 7), 1, 0, "...and everything at c");
    formats(f, "constant(-2.5)");
    ok(dist_is_integer(d), "constant(7) is integer-valued");
    ok(!dist_is_integer(f), "constant(-2.5) is not");

    fails("constant", NULL, 0, "constant takes 1 argument (c), got 0", -1);
    dist_arg s[] = {str("7")};
    fails("constant", s, 1, "constant(c): c must be a number, got a string", 0);
    dist_free(d);
    dist_free(f);
    return done();
}
