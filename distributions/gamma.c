/* distributions/gamma.c: the gamma distribution gamma(k, theta), by shape and scale. */
/* SPDX-License-Identifier: MIT */

/* p(x) = x^(k-1) exp(-x / theta) / (Gamma(k) theta^k)   for x > 0;   k > 0, theta > 0.
 *   Mean k theta. */

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_psi.h>

#include "dist_impl.h"

typedef struct gamma_dist {
    dist base;
    double k, theta;
} gamma_dist;

#define G(d) ((const gamma_dist *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_gamma(r, G(d)->k, G(d)->theta);
}

/* GSL gives NaN at +infinity (infinity / infinity inside); the limits are exact. */
static double cdf(const dist *d, double x) {
    return x == INFINITY ? 1 : gsl_cdf_gamma_P(x, G(d)->k, G(d)->theta);
}

static double survival(const dist *d, double x) {
    return x == INFINITY ? 0 : gsl_cdf_gamma_Q(x, G(d)->k, G(d)->theta);
}

static double quantile(const dist *d, double p) {
    return gsl_cdf_gamma_Pinv(p, G(d)->k, G(d)->theta);
}

static double upper(const dist *d, double q) {
    return gsl_cdf_gamma_Qinv(q, G(d)->k, G(d)->theta);
}
static double mean(const dist *d) {
    return G(d)->k * G(d)->theta;
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {G(d)->k, G(d)->theta};
    dist_text_call(t, "gamma", v, 2);
}

/* log f = (k - 1) log x - x / theta - lgamma(k) - k log theta:
 * d/dk = log x - psi(k) - log theta,   d/dtheta = x / theta^2 - k / theta. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"k", G(d)->k, 1};
    out[1] = (dist_param){"theta", G(d)->theta, 1};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    double k = G(d)->k, t = G(d)->theta;
    grad[0] = log(x) - gsl_sf_psi(k) - log(t);
    grad[1] = x / (t * t) - k / t;
}

static const dist_ops ops = {
    "gamma", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, NULL, NULL, NULL,
};

/* gamma(k, theta) with k > 0 and theta > 0; fails on a wrong count or kind or on a
 * parameter <= 0. */
dist *dist_gamma_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"k", "theta"};
    double v[2];
    if (dist_args_numbers("gamma", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[0] > 0)) return dist_args_fail(err, 0, "gamma(k, theta) needs k > 0, got k = %g", v[0]), NULL;
    if (!(v[1] > 0))
        return dist_args_fail(err, 1, "gamma(k, theta) needs theta > 0, got theta = %g", v[1]), NULL;
    gamma_dist *g = (gamma_dist *)dist_alloc(sizeof *g, &ops, sample, 0, err);
    if (!g) return NULL;
    g->k = v[0];
    g->theta = v[1];
    return &g->base;
}
