/* tests/distributions/poisson-t.c: poisson(l) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void)
{
    plan(3 * 3 + 2 + 3 * 3);
    dist *d = make_n("poisson", 1, 4.0);
    fits_integers(d, 0, 16, 1);
    dist *big = make_n("poisson", 1, 300.0);    /* GSL's large-mean method */
    fits_integers(big, 240, 360, 2);
    dist *tiny = make_n("poisson", 1, 0.01);
    fits_integers(tiny, 0, 3, 3);
    formats(d, "poisson(4)");
    ok(dist_is_integer(d), "poisson is integer-valued");

    dist_arg zero[] = {num(0)};
    fails("poisson", zero, 1, "poisson(l) needs 0 < l <= 2.14748e+09, got l = 0", 0);
    dist_arg huge[] = {num(1e10)};
    fails("poisson", huge, 1, "poisson(l) needs 0 < l <= 2.14748e+09, got l = 1e+10", 0);
    fails("poisson", zero, 2, "poisson takes 1 argument (l), got 2", -1);
    dist_free(d);
    dist_free(big);
    dist_free(tiny);
    return done();
}
