/* freqsys/report/path_rank.c: a function's paths ranked by expected executions, and how many carry a share of
 * them. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const result_path *ranked; /* qsort passes no context */

static int hotter(const void *a, const void *b) {
    const result_path *x = &ranked[*(const size_t *)a], *y = &ranked[*(const size_t *)b];
    double mx = isfinite(x->mean) ? x->mean : 0, my = isfinite(y->mean) ? y->mean : 0;
    if (mx != my) return mx > my ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

size_t result_path_rank(const result *r, const char *function, size_t *order, double *total) {
    size_t n = 0;
    *total = 0;
    for (size_t i = 0; i < r->npaths; i++) {
        if (strcmp(r->paths[i].function, function) != 0) continue;
        order[n++] = i;
        if (isfinite(r->paths[i].mean)) *total += r->paths[i].mean;
    }
    ranked = r->paths;
    qsort(order, n, sizeof *order, hotter);
    return n;
}

size_t result_path_cover(const result *r, const size_t *order, size_t n, double total, double share) {
    double sum = 0;
    for (size_t k = 0; k < n; k++) {
        double m = r->paths[order[k]].mean;
        sum += isfinite(m) ? m : 0;
        if (sum >= share * total) return k + 1;
    }
    return n;
}
