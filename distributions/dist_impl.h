/* distributions/dist_impl.h: what the catalogue's files share: struct dist, its ops, helpers. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DIST_IMPL_H
#define FREQSYS_DIST_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "dist.h"

/* Canonical text under construction: appends never overflow BUF, LEN counts what
 * would have been written, as snprintf does. */
typedef struct dist_text {
    char *buf;
    size_t size;
    size_t len;
} dist_text;

/* What a kind of distribution can do besides drawing. The quantile entries are NULL
 * where GSL has no inverse CDF; truncated() then falls back to other methods. */
typedef struct dist_ops {
    const char *name;
    double (*cdf)(const dist *d, double x);
    double (*mean)(const dist *d);
    void (*format)(const dist *d, dist_text *t);
    void (*release)(dist *d);                          /* frees what the kind owns; may be NULL */
    double (*quantile)(const dist *d, double p);       /* smallest x with P(X <= x) >= p */
    double (*survival)(const dist *d, double x);       /* P(X > x), accurate in the upper tail */
    double (*upper_quantile)(const dist *d, double q); /* x with P(X > x) = q */
    /* A finite support: its size N, and when N <= MAX its values and probabilities
     * in VALUES and PROBS. NULL for kinds whose support is infinite or continuous. */
    size_t (*support)(const dist *d, double *values, double *probs, size_t max);
    /* The numeric parameters, at most DIST_MAX_PARAMS (dist_params). NULL: none. */
    size_t (*params)(const dist *d, dist_param *out);
    /* d log f(x) / d theta at X for each parameter of params, in its order; 0 for
     * those without a score. NULL when params is. */
    void (*score)(const dist *d, double x, double *grad);
    /* The least and greatest values a draw can take, for kinds whose support is bounded
     * but not finite (uniform, truncated). NULL: from support, else unbounded. */
    void (*range)(const dist *d, double *lo, double *hi);
    /* String-valued kinds: appends one draw to OUT (dist_sample_text). NULL: numeric. */
    int (*sample_text)(const dist *d, gsl_rng *r, dist_bytes *out);
    /* String-valued kinds: the most bytes a draw can give, -1 when unknown
     * (dist_text_most). NULL: unknown. */
    double (*text_most)(const dist *d);
} dist_ops;

typedef double (*dist_sampler)(const dist *d, gsl_rng *r);

/* Every kind embeds this as its first member. The sampler sits in the object itself
 * so a draw costs one indirect call and nothing else. */
struct dist {
    dist_sampler sample;
    const dist_ops *ops;
    int integer;
};

/* dist_create for one kind: same contract as dist_create. */
typedef dist *(*dist_creator)(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err);

/* dist.c */
dist *dist_alloc(size_t size, const dist_ops *ops, dist_sampler sample, int integer, dist_error *err);
void dist_format_text(const dist *d, dist_text *t);

/* dist_args.c: argument checking shared by every kind. All return 0 on success and
 * -1 after filling ERR. */
int dist_args_fail(dist_error *err, int arg_index, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int dist_args_numbers(const char *name, const char *const *params, size_t want, const dist_arg *args,
                      size_t nargs, double *out, dist_error *err);
int dist_args_is_integral(double x);
const char *dist_args_kind(const dist_arg *a);

/* text_valued.c: the sampler, cdf and mean of a string-valued kind (format, words,
 * a mixture of strings), which draws bytes and has no number: NAN. */
double dist_text_sample_nan(const dist *d, gsl_rng *r);
double dist_text_cdf_nan(const dist *d, double x);
double dist_text_mean_nan(const dist *d);

/* dist_text.c */
void dist_text_add(dist_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dist_text_number(dist_text *t, double x);
void dist_text_string(dist_text *t, const char *s);
void dist_text_bytes(dist_text *t, const char *s, size_t n);
void dist_text_call(dist_text *t, const char *name, const double *v, size_t n);

/* uniform.c: 1 and D's bounds when D is uniform(a, b), whose draw is gsl_ran_flat of
 * one word of the stream; 0 for every other kind. */
int dist_uniform_bounds(const dist *d, double *a, double *b);

/* rng_philox.c: block 0 of streams FIRST .. FIRST + N - 1 under SEED, when
 * dist_rng_prepare_run computed them all last; NULL otherwise. */
const uint32_t (*dist_rng_run_blocks(gsl_rng *r, unsigned long long seed, unsigned long long first,
                                     unsigned n))[4];

/* sorted.c */
void dist_sorted_sort(double *v, size_t n);
size_t dist_sorted_rank(const double *v, size_t n, double x);

/* words.c: choice("A", "V") and discrete("RMC": 2, "GGA": 1), the strings-valued forms
 * of choice and discrete (WEIGHTED), which hand their string arguments here. */
dist *dist_words_create(const dist_arg *args, size_t nargs, int weighted, dist_error *err);

/* uniform_int.c: an index uniform on [0, n) for any n >= 1 and any gsl_rng. */
uint64_t dist_uniform_int_index(gsl_rng *r, uint64_t n);

/* One creator per file, listed in dist_registry.c. */
dist *dist_uniform_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_uniform_int_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_normal_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_lognormal_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_exponential_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_gamma_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_beta_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_poisson_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_binomial_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_bernoulli_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_geometric_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_choice_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_discrete_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_constant_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_empirical_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_truncated_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_mixture_create(const dist_arg *, size_t, const char *, dist_error *);
dist *dist_format_create(const dist_arg *, size_t, const char *, dist_error *);

#endif
