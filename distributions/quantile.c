/* distributions/quantile.c: the inverse CDF of any distribution, for sampling by inversion. */
/* SPDX-License-Identifier: MIT */

/* Variance reduction (stratified, antithetic, quasi-Monte Carlo) chooses the uniform
 * U of each draw and takes X = F^-1(U): the smallest x with F(x) >= U, which has the
 * distribution F for U uniform on (0, 1), discrete or not. */

#include <math.h>
#include <stdlib.h>

#include "dist_impl.h"

/* The smallest integer x with F(x) >= U: doubling steps out from the mean, then
 * bisection on the integers. */
static double integer_search(const dist *d, double u) {
    double m = dist_mean(d);
    double hi = isfinite(m) ? floor(m) : 0.0, lo;
    double step = 1.0;
    while (dist_cdf(d, hi) < u) {
        hi += step;
        step *= 2.0;
        if (hi > 9.007199254740992e15) return hi;
    }
    lo = hi - 1.0;
    step = 1.0;
    while (dist_cdf(d, lo) >= u) {
        lo -= step;
        step *= 2.0;
        if (lo < -9.007199254740992e15) return lo;
    }
    /* F(lo) < u <= F(hi) */
    while (hi - lo > 1.0) {
        double mid = floor(lo + (hi - lo) / 2.0);
        if (dist_cdf(d, mid) >= u)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* Real-valued: bisection on the CDF until the bracket no longer narrows. */
static double real_search(const dist *d, double u) {
    double m = dist_mean(d);
    double hi = isfinite(m) ? m : 0.0, step = 1.0, lo;
    while (dist_cdf(d, hi) < u) {
        hi += step;
        step *= 2.0;
        if (!isfinite(hi)) return hi;
    }
    lo = hi - 1.0;
    step = 1.0;
    while (dist_cdf(d, lo) >= u) {
        lo -= step;
        step *= 2.0;
        if (!isfinite(lo)) return lo;
    }
    for (int i = 0; i < 200; i++) {
        double mid = lo + (hi - lo) / 2.0;
        if (mid <= lo || mid >= hi) break;
        if (dist_cdf(d, mid) >= u)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* A small finite support: walk its values in ascending order. */
#define WALK_MAX 64

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double dist_quantile(const dist *d, double u) {
    if (d->ops->quantile) return d->ops->quantile(d, u);
    double values[WALK_MAX], probs[WALK_MAX];
    size_t n = dist_support(d, values, probs, WALK_MAX);
    if (n == 1) return values[0];
    if (n > 1 && n <= WALK_MAX && !d->integer) {
        /* a non-integer finite support: the smallest value whose CDF reaches u */
        qsort(values, n, sizeof *values, by_value);
        for (size_t k = 0; k < n; k++)
            if (dist_cdf(d, values[k]) >= u) return values[k];
        return values[n - 1];
    }
    return d->integer ? integer_search(d, u) : real_search(d, u);
}
