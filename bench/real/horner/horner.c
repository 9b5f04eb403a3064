/* bench/real/horner/horner.c: a polynomial of drawn degree and coefficients at a drawn point, by Horner's rule, clamped to +-100. */
/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "../tick.h"

double horner(const double *c, int deg, double x) {
    double r = 0.0;
    for (int i = deg; i >= 0; i--) {
        TICK(0);
        r = r * x + c[i];
    }
    if (fabs(r) > 100.0) {
        TICK(1);
        r = copysign(100.0, r);
    }
    return r;
}
