/* tests/distributions/choice-t.c: choice(v1, v2, ...) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(3 * 3 + 4 + 3 * 3);
    dist *d = make_n("choice", 4, 5.0, 1.0, 2.0, 2.0);
    fits_integers(d, 0, 6, 1);
    is_double(dist_cdf(d, 2), 0.75, 1e-15, "repeated values count twice");
    dist *f = make_n("choice", 3, 0.5, -1.25, 3.0);
    double edges[] = {-1.25, 0.5, 3};
    fits(f, edges, 3, 2);
    dist *one = make_n("choice", 1, 42.0);
    fits_integers(one, 41, 43, 3);
    formats(d, "choice(5, 1, 2, 2)");
    ok(dist_is_integer(d), "choice of integers is integer-valued");
    ok(!dist_is_integer(f), "choice with a fraction is not");

    fails("choice", NULL, 0, "choice takes at least 1 argument (v1, v2, ...), got 0", -1);
    dist_arg s[] = {num(1), str("two")};
    fails("choice", s, 2, "choice(v1, v2, ...): argument 2 must be a plain finite number", 1);
    dist_arg w[] = {weighted(1, 2)};
    fails("choice", w, 1, "choice(v1, v2, ...): argument 1 must be a plain finite number", 0);
    dist_free(d);
    dist_free(f);
    dist_free(one);
    return done();
}
