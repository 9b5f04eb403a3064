/* distributions/binomial.c: the binomial distribution binomial(n, p). */
/* SPDX-License-Identifier: MIT */

/* P(X = k) = C(n, k) p^k (1 - p)^(n - k)   for k = 0, ..., n;
 *   n an integer, 0 <= n <= 4294967295 (GSL's unsigned int);  0 <= p <= 1.   Mean n p. */

#include <limits.h>
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

typedef struct binomial {
    dist base;
    unsigned n;
    double p;
} binomial;

#define B(d) ((const binomial *)(d))

/* GSL's sampler keeps its count in an int: beyond n = 2^31 - 1 it can loop forever or
 * go wrong (binomial(4294967290, 0.5) never returns). The sum of two independent
 * halves has exactly the same distribution and keeps each part within range. */
static double sample(const dist *d, gsl_rng *r) {
    unsigned n = B(d)->n;
    if (n <= INT_MAX) return gsl_ran_binomial(r, B(d)->p, n);
    return (double)gsl_ran_binomial(r, B(d)->p, n / 2) + gsl_ran_binomial(r, B(d)->p, n - n / 2);
}

/* The Camp-Paulson approximation of P(X <= k), a normal CDF after a cube-root
 * transform: within a few millionths of the exact value once n p (1 - p) exceeds 1e5. */
static double camp_paulson(double k, double p, double n) {
    double a = 1 / (9 * (n - k)), b = 1 / (9 * (k + 1));
    double r = cbrt((k + 1) * (1 - p) / ((n - k) * p));
    return gsl_cdf_ugaussian_P(((1 - b) * r - (1 - a)) / sqrt(b * r * r + a));
}

/* GSL's incomplete beta function does not converge near the mean when n p (1 - p)
 * is beyond about 1e5 (n of a few million) and returns NaN there; only then is the
 * approximation used, where it is accurate. */
static double cdf(const dist *d, double x) {
    if (x < 0) return 0;
    if (x >= B(d)->n) return 1;
    double k = floor(x), p = gsl_cdf_binomial_P((unsigned)k, B(d)->p, B(d)->n);
    return isnan(p) ? camp_paulson(k, B(d)->p, B(d)->n) : p;
}

static double mean(const dist *d) {
    return B(d)->n * B(d)->p;
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {B(d)->n, B(d)->p};
    dist_text_call(t, "binomial", v, 2);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    size_t n = (size_t)B(d)->n + 1;
    for (size_t k = 0; k < n && n <= max; k++) {
        values[k] = (double)k;
        probs[k] = gsl_ran_binomial_pdf((unsigned)k, B(d)->p, B(d)->n);
    }
    return n;
}

/* log f = k log p + (n - k) log(1 - p) + log C(n, k):   d/dp = k / p - (n - k) / (1 - p).
 * n is an integer: no derivative. */
static size_t params(const dist *d, dist_param *out) {
    double p = B(d)->p;
    out[0] = (dist_param){"n", B(d)->n, 0};
    out[1] = (dist_param){"p", p, p > 0 && p < 1};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    double p = B(d)->p;
    grad[0] = 0;
    grad[1] = p > 0 && p < 1 ? x / p - (B(d)->n - x) / (1 - p) : 0;
}

static const dist_ops ops = {
    "binomial", cdf, mean, format, NULL, NULL, NULL, NULL, support, params, score, NULL, NULL, NULL,
};

/* binomial(n, p); fails on a wrong count or kind, a negative, fractional or too large
 * n, or p outside [0, 1]. */
dist *dist_binomial_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"n", "p"};
    double v[2];
    if (dist_args_numbers("binomial", params, 2, args, nargs, v, err)) return NULL;
    if (!(v[0] >= 0 && v[0] <= 4294967295.0 && v[0] == floor(v[0])))
        return dist_args_fail(err, 0,
                              "binomial(n, p) needs an integer n with 0 <= n <= "
                              "4294967295, got n = %g",
                              v[0]),
               NULL;
    if (!(v[1] >= 0 && v[1] <= 1))
        return dist_args_fail(err, 1, "binomial(n, p) needs 0 <= p <= 1, got p = %g", v[1]), NULL;
    binomial *b = (binomial *)dist_alloc(sizeof *b, &ops, sample, 1, err);
    if (!b) return NULL;
    b->n = (unsigned)v[0];
    b->p = v[1];
    return &b->base;
}
