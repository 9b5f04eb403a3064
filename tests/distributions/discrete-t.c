/* tests/distributions/discrete-t.c: discrete(v: w, ...) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

#define SIG "discrete(v1: w1, v2: w2, ...)"

int main(void) {
    plan(2 * 3 + 5 + 4 * 3);
    dist_arg a[] = {weighted(9, 3), weighted(1, 2), weighted(5, 5), weighted(7, 0)};
    dist *d = make("discrete", a, 4);
    fits_integers(d, 0, 10, 1);
    is_double(dist_mean(d), (27 + 2 + 25) / 10.0, 1e-12, "mean is the weighted average");
    is_double(dist_cdf(d, 7), 0.7, 1e-15, "a zero weight adds nothing to the CDF");
    dist_arg b[] = {weighted(0.25, 1), weighted(0.75, 1), weighted(0.25, 2)};
    dist *e = make("discrete", b, 3);
    double edges[] = {0.25, 0.75};
    fits(e, edges, 2, 2);
    formats(d, "discrete(9: 3, 1: 2, 5: 5, 7: 0)");
    ok(dist_is_integer(d), "discrete over integers is integer-valued");
    ok(!dist_is_integer(e), "...and over fractions is not");

    dist_arg nw[] = {weighted(1, 1), num(2)};
    fails("discrete", nw, 2, SIG " needs value: weight pairs, argument 2 has no weight", 1);
    dist_arg neg[] = {weighted(1, 1), weighted(2, -1)};
    fails("discrete", neg, 2, SIG " needs finite weights >= 0, got -1 for value 2", 1);
    dist_arg zero[] = {weighted(1, 0), weighted(2, 0)};
    fails("discrete", zero, 2, SIG " needs a weight > 0, got all weights 0", -1);
    fails("discrete", NULL, 0, "discrete takes at least 1 argument (v1: w1, v2: w2, ...), got 0", -1);
    dist_free(d);
    dist_free(e);
    return done();
}
