/* distributions/choice.c: the uniform choice among listed numbers, choice(v1, v2, ...). */
/* SPDX-License-Identifier: MIT */

/* P(X = x) = (number of i with v_i = x) / n   for n >= 1 listed values.
 *   Mean (v1 + ... + vn) / n.  Repeating a value makes it proportionally likelier. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

typedef struct choice {
    dist base;
    size_t n;
    double *values; /* as listed: draws index it, and format writes it back */
    double *sorted; /* ascending: the CDF */
} choice;

#define C(d) ((const choice *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return C(d)->values[dist_uniform_int_index(r, C(d)->n)];
}

static double cdf(const dist *d, double x) {
    return (double)dist_sorted_rank(C(d)->sorted, C(d)->n, x) / (double)C(d)->n;
}

static double mean(const dist *d) {
    double s = 0;
    for (size_t i = 0; i < C(d)->n; i++) s += C(d)->values[i];
    return s / (double)C(d)->n;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "choice", C(d)->values, C(d)->n);
}

static void release(dist *d) {
    free(((choice *)d)->values);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    size_t n = C(d)->n;
    for (size_t k = 0; k < n && n <= max; k++) {
        values[k] = C(d)->values[k];
        probs[k] = 1.0 / (double)n;
    }
    return n;
}

static const dist_ops ops = {
    "choice", cdf, mean, format, release, NULL, NULL, NULL, support, NULL, NULL, NULL, NULL, NULL,
};

/* choice(v1, ...) over one or more finite numbers (strings: words.c); fails on no arguments, an argument
 * that is not a plain number, or out of memory. */
dist *dist_choice_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    if (nargs == 0)
        return dist_args_fail(err, -1, "choice takes at least 1 argument (v1, v2, ...), got 0"), NULL;
    if (args[0].kind == DIST_ARG_STRING) return dist_words_create(args, nargs, 0, err);
    int integer = 1;
    for (size_t i = 0; i < nargs; i++) {
        const dist_arg *a = &args[i];
        if (a->kind != DIST_ARG_NUMBER || a->has_weight || !isfinite(a->number))
            return dist_args_fail(err, (int)i,
                                  "choice(v1, v2, ...): argument %zu must be a "
                                  "plain finite number",
                                  i + 1),
                   NULL;
        if (a->number != floor(a->number)) integer = 0;
    }
    choice *c = (choice *)dist_alloc(sizeof *c, &ops, sample, integer, err);
    if (!c) return NULL;
    c->n = nargs;
    c->values = malloc(2 * nargs * sizeof *c->values);
    if (!c->values) {
        dist_free(&c->base);
        return dist_args_fail(err, -1, "choice: out of memory"), NULL;
    }
    c->sorted = c->values + nargs;
    for (size_t i = 0; i < nargs; i++) c->values[i] = c->sorted[i] = args[i].number;
    dist_sorted_sort(c->sorted, nargs);
    return &c->base;
}
