/* tests/distributions/dist_test.h: checks shared by the distribution tests. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DIST_TEST_H
#define FREQSYS_DIST_TEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "tap.h"

/* Draws per statistical check, and the bound: a bin (or a mean) is flagged only when
 * it is off by more than Z standard deviations (two-sided 5.7e-7 per bin) and, for
 * bins, by more than 2 counts, as GSL's randist/test.c does. */
#define DRAWS 100000
#define Z     5.0

static inline dist_arg num(double x) {
    dist_arg a = {.kind = DIST_ARG_NUMBER, .number = x};
    return a;
}

static inline dist_arg weighted(double x, double w) {
    dist_arg a = {.kind = DIST_ARG_NUMBER, .number = x, .weight = w, .has_weight = 1};
    return a;
}

static inline dist_arg str(const char *s) {
    dist_arg a = {.kind = DIST_ARG_STRING, .string = s, .string_len = strlen(s)};
    return a;
}

static inline dist_arg inner(dist *d) {
    dist_arg a = {.kind = DIST_ARG_DIST, .inner = d};
    return a;
}

/* Builds NAME(args) or stops the test: later checks would only mislead. */
static inline dist *make(const char *name, const dist_arg *args, size_t n) {
    dist_error err;
    dist *d = dist_create(name, args, n, ".", &err);
    if (!d) bail("cannot create %s: %s", name, err.message);
    return d;
}

/* Shorthand for distributions of plain numbers. */
static inline dist *make_n(const char *name, int n, ...) {
    dist_arg args[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) args[i] = num(va_arg(ap, double));
    va_end(ap);
    return make(name, args, (size_t)n);
}

/* A Philox generator at a fixed (seed, stream), so each check sees its own draws. */
static inline gsl_rng *rng_at(unsigned long long stream) {
    static gsl_rng *r;
    if (!r) r = gsl_rng_alloc(dist_rng_philox);
    dist_rng_position(r, 20240611, stream);
    return r;
}

/* Checks that NAME(args) fails with exactly MESSAGE and ARG_INDEX. */
static inline void fails(const char *name, const dist_arg *args, size_t n, const char *message,
                         int arg_index) {
    dist_error err = {"", -2, -1};
    dist *d = dist_create(name, args, n, ".", &err);
    ok(d == NULL, "%s: %s", name, message);
    is_string(err.message, message, "...and the message says so");
    is_int(err.arg_index, arg_index, "...and points at argument %d", arg_index);
    dist_free(d);
}

/* Checks the canonical text of D. */
static inline void formats(const dist *d, const char *want) {
    char buf[256];
    int n = dist_format(d, buf, sizeof buf);
    is_string(buf, want, "formats as %s", want);
    (void)n;
}

/* DRAWS draws of D into the bins (-inf, e0], (e0, e1], ..., (e[k-1], inf), compared
 * with the probabilities dist_cdf gives; then the sample mean against dist_mean within
 * Z standard errors (skipped when the mean is NAN). Also checks integrality of the
 * draws when D says it is integer-valued. Three checks. */
static inline void fits(const dist *d, const double *edges, size_t k, unsigned long long stream) {
    char label[160];
    dist_format(d, label, sizeof label);
    gsl_rng *r = rng_at(stream);
    size_t *count = calloc(k + 1, sizeof *count);
    double sum = 0, sum2 = 0;
    int integral = 1;
    double first = dist_sample(d, r);
    double shift = first; /* variance about a nearby point stays accurate */
    for (long i = 0; i < DRAWS; i++) {
        double x = i ? dist_sample(d, r) : first;
        size_t lo = 0, hi = k; /* first edge >= x */
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (edges[mid] < x)
                lo = mid + 1;
            else
                hi = mid;
        }
        count[lo]++;
        sum += x - shift;
        sum2 += (x - shift) * (x - shift);
        if (x != floor(x)) integral = 0;
    }
    int bad = 0;
    double prev = 0;
    for (size_t i = 0; i <= k; i++) {
        double f = i < k ? dist_cdf(d, edges[i]) : 1;
        double p = f - prev, want = DRAWS * p;
        prev = f;
        double off = fabs((double)count[i] - want), sigma = sqrt(want * (1 - p));
        if (off > Z * sigma && off > 2) {
            if (bad++ < 5)
                diag("%s: bin %zu (up to %g): %zu draws, expected %.1f", label, i,
                     i < k ? edges[i] : INFINITY, count[i], want);
        }
    }
    ok(bad == 0, "%s: %d draws fit the CDF in %zu bins", label, DRAWS, k + 1);
    double m = sum / DRAWS, var = (sum2 - sum * m) / (DRAWS - 1);
    double mean = dist_mean(d), se = sqrt(var > 0 ? var : 0) / sqrt(DRAWS);
    if (isnan(mean))
        ok(1, "%s: mean unknown, not checked", label);
    else
        is_double(m + shift, mean, Z * se + 1e-12 * fabs(mean),
                  "%s: sample mean is %g within "
                  "%g standard errors",
                  label, mean, Z);
    ok(!dist_is_integer(d) || integral, "%s: integer draws when integer-valued", label);
    free(count);
}

/* Edges at K + 1 evenly spaced points from A to B. */
static inline double *spaced(double a, double b, size_t k) {
    double *e = malloc((k + 1) * sizeof *e);
    for (size_t i = 0; i <= k; i++) e[i] = a + (b - a) * (double)i / (double)k;
    return e;
}

/* Edges between the integers A..B: each integer gets its own bin. */
static inline double *integers(long a, long b) {
    double *e = malloc((size_t)(b - a + 1) * sizeof *e);
    for (long i = a; i <= b; i++) e[i - a] = (double)i;
    return e;
}

/* fits() with evenly spaced or per-integer edges, freeing them. */
static inline void fits_spaced(const dist *d, double a, double b, size_t k, unsigned long long stream) {
    double *e = spaced(a, b, k);
    fits(d, e, k + 1, stream);
    free(e);
}

static inline void fits_integers(const dist *d, long a, long b, unsigned long long stream) {
    double *e = integers(a, b);
    fits(d, e, (size_t)(b - a + 1), stream);
    free(e);
}

#endif
