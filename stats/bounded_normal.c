/* stats/bounded_normal.c: the normal interval widened by Berry-Esseen, valid on [0, R] with no plug-in
 * moment. */
/* SPDX-License-Identifier: MIT */
/* Why it holds (the full argument is in bounded_normal.h): on [0, R] the true sigma
 * lies between s - R d and min(s + R d, R / 2) but for 2 delta (Maurer and Pontil),
 * rho <= R sigma^2 bounds Berry-Esseen's ratio by R / sigma, and the widened normal
 * quantile at the rest of alpha covers the mean; so no moment of the trials stands in
 * for one of the law, only R and the sample's own spread with their error paid. */
#include "bounded_normal.h"

#include <math.h>

#include "berry_esseen.h"

void bounded_normal_interval(uint64_t n, double stddev, double range, double alpha, bounded_normal *out) {
    *out = (bounded_normal){INFINITY, INFINITY, INFINITY, INFINITY, 0.0};
    if (n < 2 || !(range > 0.0) || isinf(range) || !(alpha > 0.0 && alpha < 1.0) || !(stddev >= 0.0)) return;
    double delta = BOUNDED_NORMAL_SIGMA_SHARE * alpha;
    double reach = range * sqrt(2.0 * log(1.0 / delta) / ((double)n - 1.0));
    out->sigma_upper = fmin(stddev + reach, range / 2.0);
    out->sigma_lower = fmax(stddev - reach, 0.0);
    if (!(out->sigma_lower > 0.0)) return; /* the law could be as skewed as the range allows */
    out->be = BERRY_ESSEEN_C * (range / out->sigma_lower + BERRY_ESSEEN_A) / sqrt((double)n);
    out->quantile = berry_esseen_quantile(alpha * (1.0 - 2.0 * BOUNDED_NORMAL_SIGMA_SHARE), out->be);
    if (isfinite(out->quantile)) out->half_width = out->quantile * out->sigma_upper / sqrt((double)n);
}
