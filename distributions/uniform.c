/* distributions/uniform.c: the continuous uniform distribution uniform(a, b). */
/* SPDX-License-Identifier: MIT */

/* p(x) = 1 / (b - a)   for a <= x < b,   0 otherwise;   a < b.   Mean (a + b) / 2. */

#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct uniform {
    dist base;
    double a, b;
} uniform;

#define U(d) ((const uniform *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_flat(r, U(d)->a, U(d)->b);
}
static double cdf(const dist *d, double x) {
    return gsl_cdf_flat_P(x, U(d)->a, U(d)->b);
}
static double survival(const dist *d, double x) {
    return gsl_cdf_flat_Q(x, U(d)->a, U(d)->b);
}
static double quantile(const dist *d, double p) {
    return gsl_cdf_flat_Pinv(p, U(d)->a, U(d)->b);
}
static double upper(const dist *d, double q) {
    return gsl_cdf_flat_Qinv(q, U(d)->a, U(d)->b);
}
static double mean(const dist *d) {
    return 0.5 * (U(d)->a + U(d)->b);
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {U(d)->a, U(d)->b};
    dist_text_call(t, "uniform", v, 2);
}

/* The bounds move the support: d E[g(X)] / da has a term g(a) / (b - a) that no
 * weighting of the draws gives (the score 1 / (b - a) is the same for every x), so
 * neither has a score. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"a", U(d)->a, 0};
    out[1] = (dist_param){"b", U(d)->b, 0};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    grad[0] = grad[1] = 0;
}

static void range(const dist *d, double *lo, double *hi) {
    *lo = U(d)->a;
    *hi = U(d)->b;
}

static const dist_ops ops = {
    "uniform", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, range, NULL, NULL,
};

int dist_uniform_bounds(const dist *d, double *a, double *b) {
    /* by name, not by sampler: the object may come from another copy of this library
     * (the executable's, handed to a module's runtime) */
    if (strcmp(d->ops->name, ops.name) != 0) return 0;
    *a = U(d)->a;
    *b = U(d)->b;
    return 1;
}

/* uniform(a, b) with finite a < b; fails on a wrong count or kind or on a >= b. */
dist *dist_uniform_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"a", "b"};
    double v[2];
    if (dist_args_numbers("uniform", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[0] < v[1]))
        return dist_args_fail(err, 0, "uniform(a, b) needs a < b, got a = %g and b = %g", v[0], v[1]), NULL;
    uniform *u = (uniform *)dist_alloc(sizeof *u, &ops, sample, 0, err);
    if (!u) return NULL;
    u->a = v[0];
    u->b = v[1];
    return &u->base;
}
