/* freqsys/plan/knapsack.c: exact 0/1 knapsack by dynamic programming, or branch and bound for large budgets.
 */
/* SPDX-License-Identifier: MIT */
#include "knapsack.h"

#include <stdlib.h>
#include <string.h>

#define DP_MAX_CELLS 200000000ull /* bits of the choice table: 25 MB */

static uint64_t gcd(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* best[c]: the most value within capacity c using the items so far; take[i][c]: item
 * i improved best[c], which lets the choice be traced back. */
static double dp(const uint64_t *w, const double *v, size_t n, uint64_t cap, int *chosen) {
    size_t row = (size_t)(cap / 8 + 1);
    double *best = calloc((size_t)cap + 1, sizeof *best);
    unsigned char *take = calloc(n ? n : 1, row);
    if (!best || !take) {
        free(best);
        free(take);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (w[i] > cap || v[i] <= 0) continue;
        for (uint64_t c = cap; c >= w[i]; c--) {
            double with = best[c - w[i]] + v[i];
            if (with > best[c]) {
                best[c] = with;
                take[i * row + c / 8] |= (unsigned char)(1u << (c % 8));
            }
            if (c == w[i]) break;
        }
    }
    double result = best[cap];
    uint64_t c = cap;
    for (size_t i = n; i-- > 0;) {
        chosen[i] = (take[i * row + c / 8] >> (c % 8)) & 1;
        if (chosen[i]) c -= w[i];
    }
    free(best);
    free(take);
    return result;
}

typedef struct bb {
    const uint64_t *w;
    const double *v;
    size_t *order; /* items by decreasing value density */
    size_t n;
    int *current, *best_set;
    double best;
} bb;

/* The fractional relaxation from item K on with capacity CAP left: an upper bound. */
static double bound(const bb *s, size_t k, uint64_t cap) {
    double b = 0;
    for (; k < s->n; k++) {
        size_t i = s->order[k];
        if (s->w[i] <= cap) {
            cap -= s->w[i];
            b += s->v[i];
        } else {
            b += s->v[i] * ((double)cap / (double)s->w[i]);
            break;
        }
    }
    return b;
}

static void branch(bb *s, size_t k, uint64_t cap, double value) {
    if (value > s->best) {
        s->best = value;
        memcpy(s->best_set, s->current, s->n * sizeof *s->current);
    }
    if (k == s->n || value + bound(s, k, cap) <= s->best) return;
    size_t i = s->order[k];
    if (s->w[i] <= cap) {
        s->current[i] = 1;
        branch(s, k + 1, cap - s->w[i], value + s->v[i]);
        s->current[i] = 0;
    }
    branch(s, k + 1, cap, value);
}

static const uint64_t *sort_w;
static const double *sort_v;
static int by_density(const void *a, const void *b) {
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    double di = sort_w[i] ? sort_v[i] / (double)sort_w[i] : 1e300;
    double dj = sort_w[j] ? sort_v[j] / (double)sort_w[j] : 1e300;
    return (di < dj) - (di > dj);
}

static double branch_and_bound(const uint64_t *w, const double *v, size_t n, uint64_t cap, int *chosen) {
    bb s = {w, v, malloc(n * sizeof(size_t)), n, calloc(n, sizeof(int)), chosen, 0};
    if (!s.order || !s.current) {
        free(s.order);
        free(s.current);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        s.order[i] = i;
        chosen[i] = 0;
    }
    sort_w = w;
    sort_v = v;
    qsort(s.order, n, sizeof *s.order, by_density);
    branch(&s, 0, cap, 0);
    free(s.order);
    free(s.current);
    return s.best;
}

/* Only the items that can be chosen at all (worth something, no larger than the
 * budget) enter the search: an item larger than the budget must never be scaled
 * down with the others, or it could look small enough to fit. Their sizes are
 * divided by the gcd G of theirs, which is exact: a sum of multiples of G is at most
 * BUDGET exactly when it is at most G * floor(BUDGET / G). */
double knapsack_solve(const uint64_t *size, const double *value, size_t n, uint64_t budget, int *chosen) {
    uint64_t g = 0, total = 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        chosen[i] = 0;
        if (value[i] > 0 && size[i] <= budget) {
            g = gcd(g, size[i]);
            total += size[i];
            m++;
        }
    }
    if (m == 0) return 0; /* nothing fits or nothing is worth anything */
    if (g == 0) g = 1;    /* every eligible item has size 0 */
    uint64_t cap = budget / g;
    if (total / g < cap) cap = total / g;
    uint64_t *w = malloc(m * sizeof *w);
    double *v = malloc(m * sizeof *v);
    size_t *index = malloc(m * sizeof *index);
    int *pick = calloc(m, sizeof *pick);
    double best = -1;
    if (w && v && index && pick) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (value[i] > 0 && size[i] <= budget) {
                w[k] = size[i] / g;
                v[k] = value[i];
                index[k++] = i;
            }
        /* K is M again; counting what was filled keeps every read of W, V and INDEX
         * within it, which is plain even where CHOSEN could alias SIZE or VALUE. */
        best = (uint64_t)k * (cap + 1) <= DP_MAX_CELLS ? dp(w, v, k, cap, pick)
                                                       : branch_and_bound(w, v, k, cap, pick);
        if (best >= 0)
            for (size_t j = 0; j < k; j++) chosen[index[j]] = pick[j];
    }
    free(w);
    free(v);
    free(index);
    free(pick);
    return best;
}
