/* distributions/discrete.c: a finite distribution with weights, discrete(v1: w1, v2: w2, ...). */
/* SPDX-License-Identifier: MIT */

/* P(X = v_i) = w_i / (w_1 + ... + w_n)   (summed over repeated values);
 *   w_i >= 0, not all 0.   Mean sum(v_i w_i) / sum(w_i).
 * Drawn by GSL's Walker alias table (gsl_ran_discrete), one lookup per draw. */

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>

#include "dist_impl.h"

#define SIG "discrete(v1: w1, v2: w2, ...)"

typedef struct discrete {
    dist base;
    size_t n;
    double *values, *weights; /* as written */
    double *sorted, *cum;     /* values ascending, and P(X <= sorted[i]) */
    double total;
    gsl_ran_discrete_t *table;
} discrete;

#define D(d) ((const discrete *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return D(d)->values[gsl_ran_discrete(r, D(d)->table)];
}

static double cdf(const dist *d, double x) {
    size_t k = dist_sorted_rank(D(d)->sorted, D(d)->n, x);
    return k ? D(d)->cum[k - 1] : 0;
}

static double mean(const dist *d) {
    double s = 0;
    for (size_t i = 0; i < D(d)->n; i++) s += D(d)->values[i] * D(d)->weights[i];
    return s / D(d)->total;
}

static void format(const dist *d, dist_text *t) {
    dist_text_add(t, "discrete(");
    for (size_t i = 0; i < D(d)->n; i++) {
        dist_text_add(t, i ? ", " : "");
        dist_text_number(t, D(d)->values[i]);
        dist_text_add(t, ": ");
        dist_text_number(t, D(d)->weights[i]);
    }
    dist_text_add(t, ")");
}

static void release(dist *d) {
    discrete *s = (discrete *)d;
    if (s->table) gsl_ran_discrete_free(s->table);
    free(s->values);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    size_t n = D(d)->n;
    for (size_t k = 0; k < n && n <= max; k++) {
        values[k] = D(d)->values[k];
        probs[k] = D(d)->weights[k] / D(d)->total;
    }
    return n;
}

static const dist_ops ops = {
    "discrete", cdf, mean, format, release, NULL, NULL, NULL, support, NULL, NULL, NULL, NULL, NULL,
};

/* Pairs for sorting by value while keeping each value's weight. */
typedef struct pair {
    double value, weight;
} pair;

static int by_value(const void *pa, const void *pb) {
    const pair *a = pa, *b = pb;
    return (a->value > b->value) - (a->value < b->value);
}

/* discrete(v1: w1, ...) (strings: words.c) with finite values and weights >= 0, not all 0. Fails on no
 * arguments, an argument without a weight or not a number, a bad weight, or out of
 * memory. */
dist *dist_discrete_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    if (nargs == 0)
        return dist_args_fail(err, -1,
                              "discrete takes at least 1 argument (v1: w1, v2: w2, "
                              "...), got 0"),
               NULL;
    if (args[0].kind == DIST_ARG_STRING) return dist_words_create(args, nargs, 1, err);
    int integer = 1;
    double total = 0;
    for (size_t i = 0; i < nargs; i++) {
        const dist_arg *a = &args[i];
        if (a->kind != DIST_ARG_NUMBER || !isfinite(a->number))
            return dist_args_fail(err, (int)i, SIG ": argument %zu must be a finite number", i + 1), NULL;
        if (!a->has_weight)
            return dist_args_fail(err, (int)i,
                                  SIG " needs value: weight pairs, argument %zu "
                                      "has no weight",
                                  i + 1),
                   NULL;
        if (!(a->weight >= 0 && isfinite(a->weight)))
            return dist_args_fail(err, (int)i,
                                  SIG " needs finite weights >= 0, got %g for "
                                      "value %g",
                                  a->weight, a->number),
                   NULL;
        total += a->weight;
        if (a->number != floor(a->number)) integer = 0;
    }
    if (!(total > 0)) return dist_args_fail(err, -1, SIG " needs a weight > 0, got all weights 0"), NULL;

    discrete *s = (discrete *)dist_alloc(sizeof *s, &ops, sample, integer, err);
    if (!s) return NULL;
    pair *pairs = malloc(nargs * sizeof *pairs);
    s->n = nargs;
    s->total = total;
    s->values = malloc(4 * nargs * sizeof *s->values);
    if (!pairs || !s->values) goto nomem;
    s->weights = s->values + nargs;
    s->sorted = s->weights + nargs;
    s->cum = s->sorted + nargs;
    for (size_t i = 0; i < nargs; i++) {
        s->values[i] = pairs[i].value = args[i].number;
        s->weights[i] = pairs[i].weight = args[i].weight;
    }
    qsort(pairs, nargs, sizeof *pairs, by_value);
    double run = 0;
    for (size_t i = 0; i < nargs; i++) {
        run += pairs[i].weight;
        s->sorted[i] = pairs[i].value;
        s->cum[i] = run / total;
    }
    s->cum[nargs - 1] = 1;
    s->table = gsl_ran_discrete_preproc(nargs, s->weights);
    if (!s->table) goto nomem;
    free(pairs);
    return &s->base;
nomem:
    free(pairs);
    dist_free(&s->base);
    return dist_args_fail(err, -1, "discrete: out of memory"), NULL;
}
