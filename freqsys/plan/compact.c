/* freqsys/plan/compact.c: the exact choice between -Oz and -O2 per function under a cycle budget. */
/* SPDX-License-Identifier: MIT */
#include "compact.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One trade-off: taking the small version saves SAVE bytes and costs COST cycles. */
typedef struct trade {
    size_t item;
    double save, cost;
    int small_is_oz;
} trade;

typedef struct search {
    trade *t;
    size_t n;
    double capacity, best;
    int *take, *best_take;
} search;

static int by_ratio(const void *a, const void *b) {
    const trade *x = a, *y = b;
    double rx = x->save / x->cost, ry = y->save / y->cost;
    if (rx != ry) return rx < ry ? 1 : -1;
    return (x->item > y->item) - (x->item < y->item);
}

/* The fractional relaxation from trade K on with CAP cycles left. */
static double bound(const search *s, size_t k, double cap) {
    double b = 0;
    for (; k < s->n; k++) {
        if (s->t[k].cost <= cap) {
            cap -= s->t[k].cost;
            b += s->t[k].save;
        } else {
            b += s->t[k].save * (cap / s->t[k].cost);
            break;
        }
    }
    return b;
}

static void branch(search *s, size_t k, double cap, double saved) {
    if (saved > s->best) {
        s->best = saved;
        memcpy(s->best_take, s->take, s->n * sizeof *s->take);
    }
    if (k == s->n || saved + bound(s, k, cap) <= s->best) return;
    if (s->t[k].cost <= cap) {
        s->take[k] = 1;
        branch(s, k + 1, cap - s->t[k].cost, saved + s->t[k].save);
        s->take[k] = 0;
    }
    branch(s, k + 1, cap, saved);
}

int compact_choose(compact_plan *p) {
    trade *t = calloc(p->n + 1, sizeof *t);
    int *take = calloc(p->n + 1, sizeof *take), *best_take = calloc(p->n + 1, sizeof *best_take);
    if (!t || !take || !best_take) {
        free(t);
        free(take);
        free(best_take);
        return -1;
    }
    p->cycles_all_o2 = p->cycles_all_oz = 0;
    p->size_all_o2 = p->size_all_oz = 0;
    for (size_t i = 0; i < p->n; i++) {
        p->cycles_all_o2 += p->items[i].cycles_o2;
        p->cycles_all_oz += p->items[i].cycles_oz;
        p->size_all_o2 += p->items[i].size_o2;
        p->size_all_oz += p->items[i].size_oz;
    }
    /* Start from the faster version of each function (ties: the smaller); where the
     * faster is also no larger, that is final. */
    double base = 0;
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++) {
        compact_item *it = &p->items[i];
        int oz_faster =
            it->cycles_oz < it->cycles_o2 || (it->cycles_oz == it->cycles_o2 && it->size_oz <= it->size_o2);
        it->oz = oz_faster;
        base += oz_faster ? it->cycles_oz : it->cycles_o2;
        double save =
            oz_faster ? (double)it->size_oz - (double)it->size_o2 : (double)it->size_o2 - (double)it->size_oz;
        double cost = oz_faster ? it->cycles_o2 - it->cycles_oz : it->cycles_oz - it->cycles_o2;
        if (save > 0) t[n++] = (trade){i, save, cost, !oz_faster};
    }
    /* The budget, with a relative allowance for rounding in the sums. */
    double limit = (1 + p->max_slowdown) * p->cycles_all_o2;
    double capacity = limit - base;
    capacity += 1e-12 * fabs(limit);
    qsort(t, n, sizeof *t, by_ratio);
    search s = {t, n, capacity < 0 ? 0 : capacity, 0, take, best_take};
    branch(&s, 0, s.capacity, 0);
    for (size_t k = 0; k < n; k++)
        if (best_take[k]) p->items[t[k].item].oz = t[k].small_is_oz;
    p->size = 0;
    p->cycles = 0;
    for (size_t i = 0; i < p->n; i++) {
        p->size += p->items[i].oz ? p->items[i].size_oz : p->items[i].size_o2;
        p->cycles += p->items[i].oz ? p->items[i].cycles_oz : p->items[i].cycles_o2;
    }
    free(t);
    free(take);
    free(best_take);
    return 0;
}

void compact_free(compact_plan *p) {
    for (size_t i = 0; i < p->n; i++) free(p->items[i].function);
    free(p->items);
    free(p->spec);
    free(p->target);
    free(p->mode);
    memset(p, 0, sizeof *p);
}
