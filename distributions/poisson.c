/* distributions/poisson.c: the Poisson distribution poisson(l). */
/* SPDX-License-Identifier: MIT */

/* P(X = k) = l^k exp(-l) / k!   for k = 0, 1, 2, ...;   0 < l <= 2^31.   Mean l.
 * The upper limit keeps every draw far inside GSL's unsigned int result. */

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "dist_impl.h"

#define LIMIT 2147483648.0

typedef struct poisson {
    dist base;
    double l;
} poisson;

#define P(d) ((const poisson *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return gsl_ran_poisson(r, P(d)->l);
}

static double cdf(const dist *d, double x) {
    if (x < 0) return 0;
    if (x >= 4294967295.0) return 1;
    return gsl_cdf_poisson_P((unsigned)floor(x), P(d)->l);
}

/* P(X > x) from GSL's upper tail, accurate where 1 - cdf would round to 0. A draw
 * never exceeds GSL's unsigned int result. */
static double survival(const dist *d, double x) {
    if (x < 0) return 1;
    if (x >= 4294967295.0) return 0;
    return gsl_cdf_poisson_Q((unsigned)floor(x), P(d)->l);
}

static double mean(const dist *d) {
    return P(d)->l;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "poisson", &P(d)->l, 1);
}

/* log f = k log l - l - log k!:   d/dl = k / l - 1. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"l", P(d)->l, 1};
    return 1;
}

static void score(const dist *d, double x, double *grad) {
    grad[0] = x / P(d)->l - 1;
}

static const dist_ops ops = {
    "poisson", cdf, mean, format, NULL, NULL, survival, NULL, NULL, params, score, NULL, NULL, NULL,
};

/* poisson(l) with 0 < l <= 2^31; fails on a wrong count or kind or l out of range. */
dist *dist_poisson_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"l"};
    double l;
    if (dist_args_numbers("poisson", params, 1, args, nargs, &l, err)) return NULL;
    if (!(l > 0 && l <= LIMIT))
        return dist_args_fail(err, 0, "poisson(l) needs 0 < l <= %g, got l = %g", LIMIT, l), NULL;
    poisson *p = (poisson *)dist_alloc(sizeof *p, &ops, sample, 1, err);
    if (!p) return NULL;
    p->l = l;
    return &p->base;
}
