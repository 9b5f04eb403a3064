/* distributions/geometric.c: the geometric distribution geometric(p), GSL's convention. */
/* SPDX-License-Identifier: MIT */

/* P(X = k) = p (1 - p)^(k - 1)   for k = 1, 2, 3, ...;   0 < p <= 1.   Mean 1 / p.
 * X counts the trials up to and including the first success, so it is never 0. */

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

/* Below this p GSL's unsigned int result could overflow; such p are drawn by the
 * same inversion, ceil(ln u / ln(1 - p)), carried out in double. */
#define SMALL_P 1e-8

typedef struct geometric {
    dist base;
    double p, log_q;
} geometric;

#define G(d) ((const geometric *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_geometric(r, G(d)->p);
}

static double sample_small(const dist *d, gsl_rng *r) {
    double k = ceil(log(gsl_rng_uniform_pos(r)) / G(d)->log_q);
    return k < 1 ? 1 : k;
}

static double cdf(const dist *d, double x) {
    if (x < 1) return 0;
    if (x < 4294967295.0) return gsl_cdf_geometric_P((unsigned)floor(x), G(d)->p);
    return -expm1(floor(x) * G(d)->log_q);
}

static double mean(const dist *d) {
    return 1 / G(d)->p;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "geometric", &G(d)->p, 1);
}

/* log f = log p + (k - 1) log(1 - p):   d/dp = 1 / p - (k - 1) / (1 - p); none at p = 1. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"p", G(d)->p, G(d)->p < 1};
    return 1;
}

static void score(const dist *d, double x, double *grad) {
    double p = G(d)->p;
    grad[0] = p < 1 ? 1 / p - (x - 1) / (1 - p) : 0;
}

/* P(X > x) = (1 - p)^floor(x): exact in the far tail, where 1 - cdf rounds to 0. */
static double survival(const dist *d, double x) {
    return x < 1 ? 1 : exp(floor(x) * G(d)->log_q);
}

static const dist_ops ops = {
    "geometric", cdf, mean, format, NULL, NULL, survival, NULL, NULL, params, score, NULL, NULL, NULL,
};

/* geometric(p) with 0 < p <= 1; fails on a wrong count or kind or p outside (0, 1]. */
dist *dist_geometric_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"p"};
    double p;
    if (dist_args_numbers("geometric", params, 1, args, nargs, &p, err)) return NULL;
    if (!(p > 0 && p <= 1))
        return dist_args_fail(err, 0, "geometric(p) needs 0 < p <= 1, got p = %g", p), NULL;
    geometric *g = (geometric *)dist_alloc(sizeof *g, &ops, p < SMALL_P ? sample_small : sample, 1, err);
    if (!g) return NULL;
    g->p = p;
    g->log_q = log1p(-p);
    return &g->base;
}
