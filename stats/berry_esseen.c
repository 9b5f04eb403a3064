/* harness/berry_esseen.c: Shevtsova's Berry-Esseen bound and the normal quantile widened by it. */
/* SPDX-License-Identifier: MIT */
#include "berry_esseen.h"

#include <math.h>

#include <gsl/gsl_cdf.h>

double berry_esseen_bound(double s, double rho, uint64_t n) {
    if (n == 0 || !isfinite(s) || !isfinite(rho)) return INFINITY;
    if (!(s > 0.0)) return 0.0;
    return BERRY_ESSEEN_C * (rho / (s * s * s) + BERRY_ESSEEN_A) / sqrt((double)n);
}

double berry_esseen_quantile(double alpha, double be) {
    double left = alpha - 2.0 * be; /* what the normal tails may still spend */
    if (!(left > 0.0)) return INFINITY;
    return gsl_cdf_ugaussian_Qinv(left / 2.0);
}
