/* tests/distributions/geometric-t.c: geometric(p) on 1, 2, 3, ... (GSL's convention). */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(4 * 3 + 4 + 3 + 2 * 3);
    dist *d = make_n("geometric", 1, 0.2);
    fits_integers(d, 0, 40, 1);
    dist *one = make_n("geometric", 1, 1.0);
    fits_integers(one, 0, 3, 2);
    /* p below 1e-8 is drawn in double precision; values reach far past 2^32. */
    dist *small = make_n("geometric", 1, 1e-10);
    fits_spaced(small, 0, 5e10, 25, 3);
    dist *edge = make_n("geometric", 1, 2e-8); /* just above the switch: GSL's sampler */
    fits_spaced(edge, 0, 2.5e8, 25, 4);
    is_double(dist_cdf(d, 0.99), 0, 0, "geometric puts nothing below 1");
    is_double(dist_cdf(d, 1), 0.2, 1e-15, "...and p on 1");
    /* P(X > k) = 0.8^k, in the far tail too */
    is_double(dist_survival(d, 3.7), pow(0.8, 3), 1e-15, "survival(3.7) = 0.8^3");
    ok(fabs(dist_survival(d, 400) / pow(0.8, 400) - 1) < 1e-12, "survival(400) = %.6g",
       dist_survival(d, 400));
    is_double(dist_survival(d, 0.5), 1, 0, "nothing lies below 1");
    formats(d, "geometric(0.2)");
    ok(dist_is_integer(d), "geometric is integer-valued");

    dist_arg zero[] = {num(0)};
    fails("geometric", zero, 1, "geometric(p) needs 0 < p <= 1, got p = 0", 0);
    dist_arg over[] = {num(1.25)};
    fails("geometric", over, 1, "geometric(p) needs 0 < p <= 1, got p = 1.25", 0);
    dist_free(d);
    dist_free(one);
    dist_free(small);
    dist_free(edge);
    return done();
}
