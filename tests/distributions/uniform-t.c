/* tests/distributions/uniform-t.c: uniform(a, b) draws, CDF, mean, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

int main(void) {
    plan(3 + 3 + 1 + 1 + 4 * 3);
    dist *d = make_n("uniform", 2, 100.0, 800.0);
    fits_spaced(d, 100, 800, 20, 1);
    dist *e = make_n("uniform", 2, -1.0, 1.0);
    fits_spaced(e, -1, 1, 10, 2);
    formats(d, "uniform(100, 800)");
    ok(!dist_is_integer(d), "uniform is not integer-valued");

    dist_arg bad[] = {num(800), num(100)};
    fails("uniform", bad, 2, "uniform(a, b) needs a < b, got a = 800 and b = 100", 0);
    dist_arg same[] = {num(5), num(5)};
    fails("uniform", same, 2, "uniform(a, b) needs a < b, got a = 5 and b = 5", 0);
    fails("uniform", bad, 1, "uniform takes 2 arguments (a, b), got 1", -1);
    dist_arg kind[] = {num(1), str("x")};
    fails("uniform", kind, 2, "uniform(a, b): b must be a number, got a string", 1);
    dist_free(d);
    dist_free(e);
    return done();
}
