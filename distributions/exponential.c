/* distributions/exponential.c: the exponential distribution exponential(rate). */
/* SPDX-License-Identifier: MIT */

/* p(x) = rate exp(-rate x)   for x >= 0;   rate > 0.   Mean 1 / rate.
 * Written by rate (events per unit); GSL's functions take the mean 1 / rate. */

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct exponential {
    dist base;
    double rate, mu; /* mu = 1 / rate, what GSL wants */
} exponential;

#define E(d) ((const exponential *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_exponential(r, E(d)->mu);
}
static double cdf(const dist *d, double x) {
    return gsl_cdf_exponential_P(x, E(d)->mu);
}
static double survival(const dist *d, double x) {
    return gsl_cdf_exponential_Q(x, E(d)->mu);
}
static double quantile(const dist *d, double p) {
    return gsl_cdf_exponential_Pinv(p, E(d)->mu);
}
static double upper(const dist *d, double q) {
    return gsl_cdf_exponential_Qinv(q, E(d)->mu);
}
static double mean(const dist *d) {
    return E(d)->mu;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "exponential", &E(d)->rate, 1);
}

/* log f = log rate - rate x:   d/drate = 1 / rate - x. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"rate", E(d)->rate, 1};
    return 1;
}

static void score(const dist *d, double x, double *grad) {
    grad[0] = E(d)->mu - x;
}

static const dist_ops ops = {
    "exponential", cdf, mean, format, NULL, quantile, survival, upper, NULL, params, score, NULL, NULL, NULL,
};

/* exponential(rate) with rate > 0; fails on a wrong count or kind or on rate <= 0. */
dist *dist_exponential_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"rate"};
    double rate;
    if (dist_args_numbers("exponential", params, 1, args, nargs, &rate, err)) return NULL;
    if (!(rate > 0))
        return dist_args_fail(err, 0, "exponential(rate) needs rate > 0, got rate = %g", rate), NULL;
    exponential *e = (exponential *)dist_alloc(sizeof *e, &ops, sample, 0, err);
    if (!e) return NULL;
    e->rate = rate;
    e->mu = 1.0 / rate;
    return &e->base;
}
