/* stats/berry_esseen.c: Shevtsova's Berry-Esseen bound and the normal quantile widened by it. */
/* SPDX-License-Identifier: MIT */
/* Why it holds: for i.i.d. counts with finite third moment, Shevtsova (2011) bounds
 * sup_x |P(standardised mean <= x) - Phi(x)| by C (rho / sigma^3 + A) / sqrt(n). Each
 * tail of the standardised mean then has at most 1 - Phi(z) + that bound, so a
 * quantile z with 2 (1 - Phi(z)) + 2 bound = alpha misses with probability <= alpha
 * whatever the law's shape: the widening pays for the normal approximation. */
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
