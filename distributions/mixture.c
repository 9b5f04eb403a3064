/* distributions/mixture.c: one of several distributions, chosen by weight, mixture(D1: w1, D2: w2, ...). */
/* SPDX-License-Identifier: MIT */

/* With p_k = w_k / (w_1 + ... + w_n):
 *   P(X <= x) = sum_k p_k F_k(x),   E X = sum_k p_k E X_k,
 * and a finite support when every part has one (each part's values, with p_k times
 * their probabilities). A part is a distribution, a number (a point mass) or a string;
 * the parts are all numbers or all strings. A draw picks a part from GSL's alias table
 * (one uniform), then draws from it, so a mixture of integer parts is integer-valued.
 * The inverse CDF, for stratified and quasi-random sampling, is quantile.c's search of
 * the CDF above. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

#include "dist_impl.h"

#define SIG "mixture(D1: w1, D2: w2, ...)"

typedef struct part {
    dist *d;
    double weight; /* as written */
    double p;      /* normalised */
    int literal;   /* written as a number or a string, not a distribution */
    double number; /* a number literal, for the canonical text */
    char *string;  /* a string literal, for the canonical text */
    size_t string_len;
} part;

typedef struct mixture {
    dist base;
    size_t n;
    part *parts;
    gsl_ran_discrete_t *table;
} mixture;

#define M(d) ((const mixture *)(d))

static const part *pick(const dist *d, gsl_rng *r) {
    return &M(d)->parts[gsl_ran_discrete(r, M(d)->table)];
}

static double sample(const dist *d, gsl_rng *r) {
    return dist_sample(pick(d, r)->d, r);
}

static int sample_text(const dist *d, gsl_rng *r, dist_bytes *out) {
    return dist_sample_text(pick(d, r)->d, r, out);
}

/* The longest part's (parts of weight 0 left out). */
static double text_most(const dist *d) {
    double most = 0;
    for (size_t k = 0; k < M(d)->n; k++) {
        if (!(M(d)->parts[k].p > 0)) continue;
        double m = dist_text_most(M(d)->parts[k].d);
        if (m < 0) return -1;
        if (m > most) most = m;
    }
    return most;
}

static double cdf(const dist *d, double x) {
    double s = 0;
    for (size_t k = 0; k < M(d)->n; k++)
        if (M(d)->parts[k].p > 0) s += M(d)->parts[k].p * dist_cdf(M(d)->parts[k].d, x);
    return s > 1 ? 1 : s;
}

static double mean(const dist *d) {
    double s = 0;
    for (size_t k = 0; k < M(d)->n; k++)
        if (M(d)->parts[k].p > 0) s += M(d)->parts[k].p * dist_mean(M(d)->parts[k].d);
    return s;
}

static void format(const dist *d, dist_text *t) {
    dist_text_add(t, "mixture(");
    for (size_t k = 0; k < M(d)->n; k++) {
        const part *q = &M(d)->parts[k];
        dist_text_add(t, k ? ", " : "");
        if (q->literal && !dist_is_text(q->d))
            dist_text_number(t, q->number);
        else if (q->literal)
            dist_text_bytes(t, q->string, q->string_len);
        else
            dist_format_text(q->d, t);
        dist_text_add(t, ": ");
        dist_text_number(t, q->weight);
    }
    dist_text_add(t, ")");
}

static void release(dist *d) {
    mixture *m = (mixture *)d;
    for (size_t k = 0; m->parts && k < m->n; k++) {
        dist_free(m->parts[k].d);
        free(m->parts[k].string);
    }
    free(m->parts);
    if (m->table) gsl_ran_discrete_free(m->table);
}

/* Every part's support, each scaled by its weight; 0 when a part has none. */
static size_t support(const dist *d, double *values, double *probs, size_t max) {
    size_t total = 0;
    for (size_t k = 0; k < M(d)->n; k++) {
        size_t n = dist_support(M(d)->parts[k].d, NULL, NULL, 0);
        if (n == 0) return 0;
        total += n;
    }
    if (total > max) return total;
    size_t at = 0;
    for (size_t k = 0; k < M(d)->n; k++) {
        const part *q = &M(d)->parts[k];
        size_t n = dist_support(q->d, values + at, probs + at, max - at);
        for (size_t i = 0; i < n; i++) probs[at + i] *= q->p;
        at += n;
    }
    return total;
}

/* From the least to the greatest of the parts' ranges (parts of weight 0 left out). */
static void range(const dist *d, double *lo, double *hi) {
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t k = 0; k < M(d)->n; k++) {
        if (!(M(d)->parts[k].p > 0)) continue;
        double a, b;
        dist_range(M(d)->parts[k].d, &a, &b);
        if (a < *lo) *lo = a;
        if (b > *hi) *hi = b;
    }
}

static const dist_ops number_ops = {
    "mixture", cdf, mean, format, release, NULL, NULL, NULL, support, NULL, NULL, range, NULL, NULL,
};

static const dist_ops text_ops = {
    "mixture", dist_text_cdf_nan, dist_text_mean_nan, format, release, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL,      sample_text,       text_most,
};

/* A part written as a number or a string: a point mass, made here. */
static dist *literal(const dist_arg *a, dist_error *err) {
    dist_arg plain = *a;
    plain.has_weight = 0;
    plain.weight = 0;
    if (a->kind == DIST_ARG_STRING) return dist_words_create(&plain, 1, 0, err);
    return dist_constant_create(&plain, 1, ".", err);
}

/* mixture(P1: w1, ...): each part a distribution, a number or a string, with a finite
 * weight >= 0, not all 0; the parts all numeric or all string-valued. Fails naming the
 * part at fault, or out of memory; nested distributions then stay the caller's. */
dist *dist_mixture_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    (void)base_dir;
    if (nargs == 0)
        return dist_args_fail(err, -1, "mixture takes at least 1 argument (D1: w1, D2: w2, ...), got 0"),
               NULL;
    double total = 0;
    int text = -1, integer = 1;
    for (size_t i = 0; i < nargs; i++) {
        const dist_arg *a = &args[i];
        if (!a->has_weight)
            return dist_args_fail(err, (int)i, SIG " needs part: weight pairs, part %zu has no weight",
                                  i + 1),
                   NULL;
        if (!(a->weight >= 0 && isfinite(a->weight)))
            return dist_args_fail(err, (int)i, SIG " needs finite weights >= 0, got %g for part %zu",
                                  a->weight, i + 1),
                   NULL;
        if (a->kind == DIST_ARG_NUMBER && !isfinite(a->number))
            return dist_args_fail(err, (int)i, SIG ": part %zu must be a finite number", i + 1), NULL;
        int is_text = a->kind == DIST_ARG_STRING || (a->kind == DIST_ARG_DIST && dist_is_text(a->inner));
        if (text >= 0 && is_text != text)
            return dist_args_fail(err, (int)i,
                                  SIG ": the parts must all be numbers or all strings, but part %zu "
                                      "is %s and part 1 %s",
                                  i + 1, is_text ? "a string" : "a number", text ? "a string" : "a number"),
                   NULL;
        text = is_text;
        if (a->kind == DIST_ARG_NUMBER ? a->number != floor(a->number)
                                       : a->kind == DIST_ARG_DIST && !dist_is_integer(a->inner))
            integer = 0;
        total += a->weight;
    }
    if (!(total > 0)) return dist_args_fail(err, -1, SIG " needs a weight > 0, got all weights 0"), NULL;

    mixture *m =
        (mixture *)dist_alloc(sizeof *m, text ? &text_ops : &number_ops, sample, text ? 0 : integer, err);
    if (!m) return NULL;
    m->parts = calloc(nargs, sizeof *m->parts);
    double *w = malloc(nargs * sizeof *w);
    if (!m->parts || !w) goto nomem;
    for (size_t i = 0; i < nargs; i++) {
        part *q = &m->parts[i];
        m->n = i + 1; /* what release frees: the literals made so far */
        q->weight = w[i] = args[i].weight;
        q->p = args[i].weight / total;
        q->literal = args[i].kind != DIST_ARG_DIST;
        q->number = args[i].number;
        if (q->literal && !(q->d = literal(&args[i], err))) goto nomem;
        if (args[i].kind == DIST_ARG_STRING) {
            if (!(q->string = malloc(args[i].string_len + 1))) goto nomem;
            memcpy(q->string, args[i].string, args[i].string_len + 1);
            q->string_len = args[i].string_len;
        }
    }
    if (!(m->table = gsl_ran_discrete_preproc(nargs, w))) goto nomem;
    free(w);
    for (size_t i = 0; i < nargs; i++) /* the nested distributions are ours from here */
        if (!m->parts[i].literal) m->parts[i].d = args[i].inner;
    return &m->base;
nomem:
    free(w);
    for (size_t i = 0; m->parts && i < m->n; i++) /* never free the caller's */
        if (!m->parts[i].literal) m->parts[i].d = NULL;
    dist_free(&m->base);
    return dist_args_fail(err, -1, "mixture: out of memory"), NULL;
}
