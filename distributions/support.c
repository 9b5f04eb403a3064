/* distributions/support.c: the finite support of a distribution, for exact enumeration. */
/* SPDX-License-Identifier: MIT */
#include "dist_impl.h"

#include <math.h>
#include <stdlib.h>

size_t dist_support(const dist *d, double *values, double *probs, size_t max) {
    return d->ops->support ? d->ops->support(d, values, probs, max) : 0;
}

#define RANGE_LIST_MAX ((size_t)1 << 22) /* a larger finite support is left unbounded */

void dist_range(const dist *d, double *lo, double *hi) {
    *lo = -INFINITY;
    *hi = INFINITY;
    if (d->ops->range) {
        d->ops->range(d, lo, hi);
        return;
    }
    size_t n = dist_support(d, NULL, NULL, 0);
    if (n == 0 || n > RANGE_LIST_MAX) return;
    double *v = malloc(n * sizeof *v), *p = malloc(n * sizeof *p);
    if (v && p && dist_support(d, v, p, n) == n) {
        *lo = *hi = v[0];
        for (size_t i = 1; i < n; i++) {
            if (v[i] < *lo) *lo = v[i];
            if (v[i] > *hi) *hi = v[i];
        }
    }
    free(v);
    free(p);
}
