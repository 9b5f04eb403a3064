/* distributions/uniform_int.c: the discrete uniform distribution uniform_int(a, b). */
/* SPDX-License-Identifier: MIT */

/* P(X = k) = 1 / (b - a + 1)   for integers a <= k <= b (both ends included);
 *   a <= b, |a|, |b| <= 2^53.   Mean (a + b) / 2.
 * Ranges wider than the generator's 32 bits are drawn from 64 random bits. */

#include <math.h>

#include "dist_impl.h"

typedef struct uniform_int {
    dist base;
    int64_t a, b;
    uint64_t n; /* b - a + 1, at most 2^54 + 1 */
} uniform_int;

#define UI(d) ((const uniform_int *)(d))

static uint64_t bits64(gsl_rng *r, unsigned long range) {
    if (range == 0xffffffffUL) {
        uint64_t hi = gsl_rng_get(r) - gsl_rng_min(r);
        return hi << 32 | (uint64_t)(gsl_rng_get(r) - gsl_rng_min(r));
    }
    uint64_t x = 0;
    for (int i = 0; i < 4; i++) x = x << 16 | gsl_rng_uniform_int(r, 65536);
    return x;
}

/* Uniform on [0, N) for any N >= 1 and any gsl_rng: GSL's own method when N fits the
 * generator's range, otherwise rejection from 64 random bits (so it stays exact).
 * Can't fail; N = 0 gives 0. */
uint64_t dist_uniform_int_index(gsl_rng *r, uint64_t n) {
    unsigned long range = gsl_rng_max(r) - gsl_rng_min(r);
    if (n <= 1) return 0;
    if (n <= range) return gsl_rng_uniform_int(r, (unsigned long)n);
    uint64_t rem = (UINT64_MAX % n + 1) % n; /* 2^64 mod n: those top values would bias */
    uint64_t x;
    do x = bits64(r, range);
    while (x > UINT64_MAX - rem);
    return x % n;
}

static double sample(const dist *d, gsl_rng *r) {
    return (double)(UI(d)->a + (int64_t)dist_uniform_int_index(r, UI(d)->n));
}

static double cdf(const dist *d, double x) {
    if (x < (double)UI(d)->a) return 0;
    if (x >= (double)UI(d)->b) return 1;
    return (floor(x) - (double)UI(d)->a + 1) / (double)UI(d)->n;
}

static double mean(const dist *d) {
    return 0.5 * ((double)UI(d)->a + (double)UI(d)->b);
}

static void format(const dist *d, dist_text *t) {
    double v[2] = {(double)UI(d)->a, (double)UI(d)->b};
    dist_text_call(t, "uniform_int", v, 2);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    uint64_t n = UI(d)->n;
    if (n > max) return n > SIZE_MAX - 1 ? SIZE_MAX - 1 : (size_t)n;
    for (uint64_t k = 0; k < n; k++) {
        values[k] = (double)(UI(d)->a + (int64_t)k);
        probs[k] = 1.0 / (double)n;
    }
    return (size_t)n;
}

/* Integer bounds of the support: no derivative. */
static size_t params(const dist *d, dist_param *out) {
    out[0] = (dist_param){"a", (double)UI(d)->a, 0};
    out[1] = (dist_param){"b", (double)UI(d)->b, 0};
    return 2;
}

static void score(const dist *d, double x, double *grad) {
    grad[0] = grad[1] = 0;
}

static const dist_ops ops = {
    "uniform_int", cdf, mean, format, NULL, NULL, NULL, NULL, support, params, score, NULL, NULL, NULL,
};

/* uniform_int(a, b) with integers a <= b of magnitude at most 2^53; fails on a wrong
 * count or kind, a non-integer or too large bound, or a > b. */
dist *dist_uniform_int_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"a", "b"};
    double v[2];
    if (dist_args_numbers("uniform_int", params, 2, args, nargs, v, err)) return NULL;
    for (int i = 0; i < 2; i++)
        if (!dist_args_is_integral(v[i]))
            return dist_args_fail(err, i,
                                  "uniform_int(a, b) needs integers a and b of magnitude "
                                  "at most 2^53, got %s = %g",
                                  params[i], v[i]),
                   NULL;
    if (!(v[0] <= v[1]))
        return dist_args_fail(err, 0, "uniform_int(a, b) needs a <= b, got a = %g and b = %g", v[0], v[1]),
               NULL;
    uniform_int *u = (uniform_int *)dist_alloc(sizeof *u, &ops, sample, 1, err);
    if (!u) return NULL;
    u->a = (int64_t)v[0];
    u->b = (int64_t)v[1];
    u->n = (uint64_t)(u->b - u->a) + 1;
    return &u->base;
}
