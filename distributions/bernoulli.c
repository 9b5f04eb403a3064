/* distributions/bernoulli.c: the Bernoulli distribution bernoulli(p). */
/* SPDX-License-Identifier: MIT */

/* P(X = 1) = p,  P(X = 0) = 1 - p;   0 <= p <= 1.   Mean p. */

#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct bernoulli {
    dist base;
    double p;
} bernoulli;

#define B(d) ((const bernoulli *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_bernoulli(r, B(d)->p);
}

static double cdf(const dist *d, double x) {
    return x < 0 ? 0 : x < 1 ? 1 - B(d)->p : 1;
}

static double mean(const dist *d) {
    return B(d)->p;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "bernoulli", &B(d)->p, 1);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    if (max >= 2) {
        values[0] = 0;
        probs[0] = 1 - B(d)->p;
        values[1] = 1;
        probs[1] = B(d)->p;
    }
    return 2;
}

/* log f = x log p + (1 - x) log(1 - p):   d/dp = x / p - (1 - x) / (1 - p). At p = 0 or
 * 1 every draw is the same and a change of p one way leaves the law's set: no score. */
static size_t params(const dist *d, dist_param *out) {
    double p = B(d)->p;
    out[0] = (dist_param){"p", p, p > 0 && p < 1};
    return 1;
}

static void score(const dist *d, double x, double *grad) {
    double p = B(d)->p;
    grad[0] = p > 0 && p < 1 ? x / p - (1 - x) / (1 - p) : 0;
}

static const dist_ops ops = {
    "bernoulli", cdf, mean, format, NULL, NULL, NULL, NULL, support, params, score, NULL, NULL, NULL,
};

/* bernoulli(p) with 0 <= p <= 1; fails on a wrong count or kind or p outside [0, 1]. */
dist *dist_bernoulli_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"p"};
    double p;
    if (dist_args_numbers("bernoulli", params, 1, args, nargs, &p, err)) return NULL;
    if (!(p >= 0 && p <= 1))
        return dist_args_fail(err, 0, "bernoulli(p) needs 0 <= p <= 1, got p = %g", p), NULL;
    bernoulli *b = (bernoulli *)dist_alloc(sizeof *b, &ops, sample, 1, err);
    if (!b) return NULL;
    b->p = p;
    return &b->base;
}
