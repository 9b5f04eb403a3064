/* distributions/sorted.c: sorted arrays of values, for the CDF of finite distributions. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "dist_impl.h"

static int order(const void *pa, const void *pb) {
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* Sorts V ascending in place. Can't fail. */
void dist_sorted_sort(double *v, size_t n) {
    qsort(v, n, sizeof *v, order);
}

/* The number of elements of the ascending array V that are <= X. Can't fail. */
size_t dist_sorted_rank(const double *v, size_t n, double x) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
