/* distributions/normal.c: the Gaussian distribution normal(mu, sigma). */
/* SPDX-License-Identifier: MIT */

/* p(x) = 1 / sqrt(2 pi sigma^2) exp(-(x - mu)^2 / (2 sigma^2));   sigma > 0.   Mean mu.
 * Drawn with GSL's ziggurat sampler, the fastest of its Gaussian methods. */

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct normal {
    dist base;
    double mu, sigma;
} normal;

#define N(d) ((const normal *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return N(d)->mu + gsl_ran_gaussian_ziggurat(r, N(d)->sigma);
}

static double cdf(const dist *d, double x) {
    return gsl_cdf_gaussian_P(x - N(d)->mu, N(d)->sigma);
}

static double survival(const dist *d, double x) {
    return gsl_cdf_gaussian_Q(x - N(d)->mu, N(d)->sigma);
}

static double quantile(const dist *d, double p) {
    return N(d)->mu + gsl_cdf_gaussian_Pinv(p, N(d)->sigma);
}

static double upper(const dist *d, double q) {
    return N(d)->mu + gsl_cdf_gaussian_Qinv(q, N(d)->sigma);
}

static double mean(const dist *d) {
    return N(d)->mu;
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {N(d)->mu, N(d)->sigma};
    dist_text_call(t, "normal", v, 2);
}

/* With z = (x - mu) / sigma:   d/dmu = z / sigma,   d/dsigma = (z^2 - 1) / sigma. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"mu", N(d)->mu, 1};
    out[1] = (dist_param){"sigma", N(d)->sigma, 1};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    double s = N(d)->sigma, z = (x - N(d)->mu) / s;
    grad[0] = z / s;
    grad[1] = (z * z - 1) / s;
}

static const dist_ops ops = {
    "normal", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, NULL, NULL, NULL,
};

/* normal(mu, sigma) with sigma > 0; fails on a wrong count or kind or on sigma <= 0. */
dist *dist_normal_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"mu", "sigma"};
    double v[2];
    if (dist_args_numbers("normal", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[1] > 0))
        return dist_args_fail(err, 1, "normal(mu, sigma) needs sigma > 0, got sigma = %g", v[1]), NULL;
    normal *n = (normal *)dist_alloc(sizeof *n, &ops, sample, 0, err);
    if (!n) return NULL;
    n->mu = v[0];
    n->sigma = v[1];
    return &n->base;
}
