/* distributions/lognormal.c: the lognormal distribution lognormal(mu, sigma). */
/* SPDX-License-Identifier: MIT */

/* p(x) = 1 / (x sqrt(2 pi sigma^2)) exp(-(ln x - mu)^2 / (2 sigma^2))   for x > 0;
 *   sigma > 0.  mu and sigma are those of the underlying normal ln X.
 *   Mean exp(mu + sigma^2 / 2). */

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct lognormal {
    dist base;
    double mu, sigma;
} lognormal;

#define L(d) ((const lognormal *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_lognormal(r, L(d)->mu, L(d)->sigma);
}

/* GSL takes log(x) first, which is NaN below 0: there is no mass at or below 0. */
static double cdf(const dist *d, double x) {
    return x <= 0 ? 0 : gsl_cdf_lognormal_P(x, L(d)->mu, L(d)->sigma);
}

static double survival(const dist *d, double x) {
    return x <= 0 ? 1 : gsl_cdf_lognormal_Q(x, L(d)->mu, L(d)->sigma);
}

static double quantile(const dist *d, double p) {
    return gsl_cdf_lognormal_Pinv(p, L(d)->mu, L(d)->sigma);
}

static double upper(const dist *d, double q) {
    return gsl_cdf_lognormal_Qinv(q, L(d)->mu, L(d)->sigma);
}

static double mean(const dist *d) {
    return exp(L(d)->mu + 0.5 * L(d)->sigma * L(d)->sigma);
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {L(d)->mu, L(d)->sigma};
    dist_text_call(t, "lognormal", v, 2);
}

/* As normal's, with z = (ln x - mu) / sigma (the Jacobian 1 / x does not depend on them). */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"mu", L(d)->mu, 1};
    out[1] = (dist_param){"sigma", L(d)->sigma, 1};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    double s = L(d)->sigma, z = (log(x) - L(d)->mu) / s;
    grad[0] = z / s;
    grad[1] = (z * z - 1) / s;
}

static const dist_ops ops = {
    "lognormal", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, NULL, NULL, NULL,
};

/* lognormal(mu, sigma) with sigma > 0; fails on a wrong count or kind or on sigma <= 0. */
dist *dist_lognormal_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"mu", "sigma"};
    double v[2];
    if (dist_args_numbers("lognormal", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[1] > 0))
        return dist_args_fail(err, 1, "lognormal(mu, sigma) needs sigma > 0, got sigma = %g", v[1]), NULL;
    lognormal *l = (lognormal *)dist_alloc(sizeof *l, &ops, sample, 0, err);
    if (!l) return NULL;
    l->mu = v[0];
    l->sigma = v[1];
    return &l->base;
}
