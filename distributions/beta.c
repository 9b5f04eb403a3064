/* distributions/beta.c: the beta distribution beta(a, b) on [0, 1]. */
/* SPDX-License-Identifier: MIT */

/* p(x) = Gamma(a + b) / (Gamma(a) Gamma(b)) x^(a-1) (1 - x)^(b-1)   for 0 <= x <= 1;
 *   a > 0, b > 0.   Mean a / (a + b). */

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_psi.h>

#include "dist_impl.h"

typedef struct beta {
    dist base;
    double a, b;
} beta;

#define B(d) ((const beta *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_beta(r, B(d)->a, B(d)->b);
}
static double cdf(const dist *d, double x) {
    return gsl_cdf_beta_P(x, B(d)->a, B(d)->b);
}
static double survival(const dist *d, double x) {
    return gsl_cdf_beta_Q(x, B(d)->a, B(d)->b);
}
static double quantile(const dist *d, double p) {
    return gsl_cdf_beta_Pinv(p, B(d)->a, B(d)->b);
}
static double upper(const dist *d, double q) {
    return gsl_cdf_beta_Qinv(q, B(d)->a, B(d)->b);
}
static double mean(const dist *d) {
    return B(d)->a / (B(d)->a + B(d)->b);
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {B(d)->a, B(d)->b};
    dist_text_call(t, "beta", v, 2);
}

/* log f = (a - 1) log x + (b - 1) log(1 - x) - log B(a, b):
 * d/da = log x - psi(a) + psi(a + b),   d/db = log(1 - x) - psi(b) + psi(a + b). */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"a", B(d)->a, 1};
    out[1] = (dist_param){"b", B(d)->b, 1};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    double a = B(d)->a, b = B(d)->b, both = gsl_sf_psi(a + b);
    grad[0] = log(x) - gsl_sf_psi(a) + both;
    grad[1] = log1p(-x) - gsl_sf_psi(b) + both;
}

static const dist_ops ops = {
    "beta", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, NULL, NULL, NULL,
};

/* beta(a, b) with a > 0 and b > 0; fails on a wrong count or kind or on a parameter <= 0. */
dist *dist_beta_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"a", "b"};
    double v[2];
    if (dist_args_numbers("beta", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[0] > 0)) return dist_args_fail(err, 0, "beta(a, b) needs a > 0, got a = %g", v[0]), NULL;
    if (!(v[1] > 0)) return dist_args_fail(err, 1, "beta(a, b) needs b > 0, got b = %g", v[1]), NULL;
    beta *b = (beta *)dist_alloc(sizeof *b, &ops, sample, 0, err);
    if (!b) return NULL;
    b->a = v[0];
    b->b = v[1];
    return &b->base;
}
