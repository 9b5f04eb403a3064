/* distributions/constant.c: the degenerate distribution constant(c). */
/* SPDX-License-Identifier: MIT */

/* P(X = c) = 1.   Mean c. */

#include <math.h>

#include "dist_impl.h"

typedef struct constant {
    dist base;
    double c;
} constant;

#define C(d) ((const constant *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return C(d)->c;
}
static double cdf(const dist *d, double x) {
    return x < C(d)->c ? 0 : 1;
}
static double mean(const dist *d) {
    return C(d)->c;
}

static void format(const dist *d, dist_text *t) {
    dist_text_call(t, "constant", &C(d)->c, 1);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    if (max >= 1) {
        values[0] = C(d)->c;
        probs[0] = 1;
    }
    return 1;
}

static const dist_ops ops = {
    "constant", cdf, mean, format, NULL, NULL, NULL, NULL, support, NULL, NULL, NULL, NULL, NULL,
};

/* constant(c) for any finite c; fails only on a wrong count or kind. */
dist *dist_constant_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"c"};
    double c;
    if (dist_args_numbers("constant", params, 1, args, nargs, &c, err)) return NULL;
    constant *k = (constant *)dist_alloc(sizeof *k, &ops, sample, c == floor(c), err);
    if (!k) return NULL;
    k->c = c;
    return &k->base;
}
