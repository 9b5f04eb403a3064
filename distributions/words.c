/* distributions/words.c: a string drawn from a list, choice("A", "V") or discrete("RMC": 2, "GGA": 1). */
/* SPDX-License-Identifier: MIT */

/* P(S = s_i) = w_i / (w_1 + ... + w_n), summed over repeated strings; choice has every
 * w_i = 1. A string-valued distribution: no CDF, no mean. Drawn as the numeric forms
 * are: a uniform index for choice, GSL's alias table for discrete. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct words {
    dist base;
    int weighted;
    size_t n;
    char **text; /* each word, NUL-terminated beyond its length */
    size_t *len;
    double *weights; /* discrete: as written */
    gsl_ran_discrete_t *table;
} words;

#define W(d) ((const words *)(d))

static int sample_text(const dist *d, gsl_rng *r, dist_bytes *out) {
    const words *w = W(d);
    size_t k = w->weighted ? gsl_ran_discrete(r, w->table) : dist_uniform_int_index(r, w->n);
    return dist_bytes_add(out, w->text[k], w->len[k]);
}

static double text_most(const dist *d) {
    size_t most = 0;
    for (size_t i = 0; i < W(d)->n; i++)
        if (W(d)->len[i] > most) most = W(d)->len[i];
    return (double)most;
}

static void format(const dist *d, dist_text *t) {
    const words *w = W(d);
    dist_text_add(t, w->weighted ? "discrete(" : "choice(");
    for (size_t i = 0; i < w->n; i++) {
        dist_text_add(t, i ? ", " : "");
        dist_text_bytes(t, w->text[i], w->len[i]);
        if (w->weighted) {
            dist_text_add(t, ": ");
            dist_text_number(t, w->weights[i]);
        }
    }
    dist_text_add(t, ")");
}

static void release(dist *d) {
    words *w = (words *)d;
    for (size_t i = 0; w->text && i < w->n; i++) free(w->text[i]);
    free(w->text);
    free(w->len);
    free(w->weights);
    if (w->table) gsl_ran_discrete_free(w->table);
}

static const dist_ops ops = {
    "words", dist_text_cdf_nan, dist_text_mean_nan, format, release, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL,    sample_text,       text_most,
};

/* Every argument a string (with a weight >= 0 when WEIGHTED, none otherwise), weights
 * not all 0. Fails naming the argument at fault, or on running out of memory. */
dist *dist_words_create(const dist_arg *args, size_t nargs, int weighted, dist_error *err) {
    const char *name = weighted ? "discrete(\"s1\": w1, \"s2\": w2, ...)" : "choice(\"s1\", \"s2\", ...)";
    double total = 0;
    for (size_t i = 0; i < nargs; i++) {
        const dist_arg *a = &args[i];
        if (a->kind != DIST_ARG_STRING)
            return dist_args_fail(err, (int)i, "%s: argument %zu must be a string like the first, got %s",
                                  name, i + 1, dist_args_kind(a)),
                   NULL;
        if (weighted && !a->has_weight)
            return dist_args_fail(err, (int)i, "%s needs string: weight pairs, argument %zu has no weight",
                                  name, i + 1),
                   NULL;
        if (!weighted && a->has_weight)
            return dist_args_fail(err, (int)i,
                                  "%s takes plain strings; for weights write discrete(\"s1\": w1, "
                                  "...)",
                                  name),
                   NULL;
        if (weighted && !(a->weight >= 0 && isfinite(a->weight)))
            return dist_args_fail(err, (int)i, "%s needs finite weights >= 0, got %g for argument %zu", name,
                                  a->weight, i + 1),
                   NULL;
        total += weighted ? a->weight : 1;
    }
    if (!(total > 0)) return dist_args_fail(err, -1, "%s needs a weight > 0, got all weights 0", name), NULL;
    words *w = (words *)dist_alloc(sizeof *w, &ops, dist_text_sample_nan, 0, err);
    if (!w) return NULL;
    w->weighted = weighted;
    w->n = nargs;
    w->text = calloc(nargs, sizeof *w->text);
    w->len = calloc(nargs, sizeof *w->len);
    w->weights = calloc(nargs, sizeof *w->weights);
    if (!w->text || !w->len || !w->weights) goto nomem;
    for (size_t i = 0; i < nargs; i++) {
        w->len[i] = args[i].string_len;
        if (!(w->text[i] = malloc(w->len[i] + 1))) goto nomem;
        memcpy(w->text[i], args[i].string, w->len[i]);
        w->text[i][w->len[i]] = '\0';
        w->weights[i] = weighted ? args[i].weight : 1;
    }
    if (weighted && !(w->table = gsl_ran_discrete_preproc(nargs, w->weights))) goto nomem;
    return &w->base;
nomem:
    dist_free(&w->base);
    return dist_args_fail(err, -1, "%s: out of memory", weighted ? "discrete" : "choice"), NULL;
}
