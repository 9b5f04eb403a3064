/* freqsys/plan/call_order.c: C3 call-chain clustering over the estimated call graph. */
/* SPDX-License-Identifier: MIT */
#include "call_order.h"

#include <stdlib.h>
#include <string.h>

typedef struct cluster {
    size_t first, last; /* its members in layout order: first, next[first], ..., last */
    uint64_t size;
    double heat;
    int alive;
} cluster;

static const double *sort_heat;
static const char *const *sort_names;
static const cluster *sort_clusters;

/* Hottest first; ties by name, so the order is a function of the input alone. */
static int by_heat(const void *a, const void *b) {
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    if (sort_heat[i] != sort_heat[j]) return sort_heat[i] < sort_heat[j] ? 1 : -1;
    return strcmp(sort_names[i], sort_names[j]);
}

static double density(const cluster *c) {
    return c->size ? c->heat / (double)c->size : c->heat > 0 ? 1e300 : 0;
}

/* Densest first; ties by the first member's name. */
static int by_density(const void *a, const void *b) {
    const cluster *x = &sort_clusters[*(const size_t *)a], *y = &sort_clusters[*(const size_t *)b];
    double dx = density(x), dy = density(y);
    if (dx != dy) return dx < dy ? 1 : -1;
    return strcmp(sort_names[x->first], sort_names[y->first]);
}

int call_order_c3(size_t n, const uint64_t *size, const double *heat, const double *calls,
                  const char *const *names, uint64_t page, size_t *order, size_t *cluster_of_position) {
    cluster *c = calloc(n + 1, sizeof *c);
    size_t *where = calloc(n + 1, sizeof *where), *by = calloc(n + 1, sizeof *by);
    size_t *next = calloc(n + 1, sizeof *next); /* the member after i in its cluster; n: none */
    int rc = -1;
    if (!c || !where || !by || !next) goto done;
    for (size_t i = 0; i < n; i++) {
        c[i] = (cluster){i, i, size[i], heat[i], 1};
        next[i] = n;
        where[i] = i;
        by[i] = i;
    }
    sort_heat = heat;
    sort_names = names;
    qsort(by, n, sizeof *by, by_heat);
    for (size_t k = 0; k < n; k++) {
        size_t f = by[k];
        /* the heaviest caller; ties by name */
        size_t caller = n;
        double best = 0;
        for (size_t g = 0; g < n; g++) {
            double w = calls[g * n + f];
            if (g == f || w <= 0) continue;
            if (w > best || (w == best && caller < n && strcmp(names[g], names[caller]) < 0)) {
                best = w;
                caller = g;
            }
        }
        if (caller == n) continue;
        cluster *to = &c[where[caller]], *from = &c[where[f]];
        if (to == from || to->size + from->size > page) continue;
        for (size_t m = from->first; m < n; m = next[m]) where[m] = (size_t)(to - c);
        next[to->last] = from->first;
        to->last = from->last;
        to->size += from->size;
        to->heat += from->heat;
        from->alive = 0;
    }
    size_t nalive = 0;
    for (size_t i = 0; i < n; i++)
        if (c[i].alive) by[nalive++] = i;
    sort_clusters = c;
    qsort(by, nalive, sizeof *by, by_density);
    size_t at = 0;
    for (size_t k = 0; k < nalive; k++)
        for (size_t m = c[by[k]].first; m < n; m = next[m]) {
            order[at] = m;
            cluster_of_position[at++] = k;
        }
    rc = 0;
done:
    free(c);
    free(where);
    free(by);
    free(next);
    return rc;
}
