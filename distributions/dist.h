/* distributions/dist.h: the catalogue of input distributions, sampled through GSL. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DIST_H
#define FREQSYS_DIST_H

#include <stddef.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>

/* A distribution is built once from its spec text (name and arguments) and then
 * sampled many times. It is immutable after dist_create, so one object may be
 * sampled from any number of processes or threads, each with its own gsl_rng. */
typedef struct dist dist;

/* One argument as written in the spec: a number, a string ("samples.txt",
 * a charset) or a nested distribution (truncated(normal(0, 1), -2, 2)). */
typedef enum dist_arg_kind { DIST_ARG_NUMBER, DIST_ARG_STRING, DIST_ARG_DIST } dist_arg_kind;

typedef struct dist_arg {
    dist_arg_kind kind;
    double number;      /* DIST_ARG_NUMBER */
    const char *string; /* DIST_ARG_STRING (not owned); may hold NUL bytes ("\0") */
    dist *inner;        /* DIST_ARG_DIST; on success dist_create takes ownership */
    double weight;      /* discrete(v: w, ...): the weight after the colon */
    int has_weight;     /* 1 when written as "value: weight" */
    size_t string_len;  /* DIST_ARG_STRING: its length in bytes */
} dist_arg;

/* Error from dist_create: a message without location ("uniform(a, b) needs a < b,
 * got a = 800 and b = 100") and the index of the argument it is about, or -1 when
 * it is about the whole expression (wrong name or argument count). */
typedef struct dist_error {
    char message[256];
    int arg_index;
    long char_index; /* >= 0: the byte of that (string) argument the error is about */
} dist_error;

/* Builds distribution NAME from its arguments. BASE_DIR resolves relative file names
 * (empirical("samples.txt")). Returns NULL and fills ERR on an unknown name, a wrong
 * number or kind of arguments, an invalid parameter or an unreadable file. On success
 * the nested distributions in ARGS belong to the result; on failure to the caller. */
dist *dist_create(const char *name, const dist_arg *args, size_t nargs, const char *base_dir,
                  dist_error *err);

void dist_free(dist *d);

/* One draw. Integer-valued distributions return integral doubles. Can't fail. */
double dist_sample(const dist *d, gsl_rng *r);

/* 1 when every draw is an integer (poisson, uniform_int, choice of integers...). */
int dist_is_integer(const dist *d);

/* A string-valued distribution (choice("A", "V"), discrete("RMC": 2, "GGA": 1),
 * format(...), a mixture of these) draws bytes rather than a number: dist_sample
 * gives NAN for it, and dist_cdf and dist_mean NAN. */
int dist_is_text(const dist *d);

/* The bytes of one text draw; may hold NUL bytes. Start from {0} and dist_bytes_free. */
typedef struct dist_bytes {
    char *data; /* NUL-terminated beyond LEN whenever LEN > 0 */
    size_t len, cap;
} dist_bytes;

/* The most bytes a draw of the string-valued D (dist_is_text) can give: the longest
 * word of a choice or discrete, a format's text with each conversion at its longest
 * (integers over a bounded range, %c, %s of such a distribution), a mixture's longest
 * part; -1 when there is no bound or none is known (a real number's conversion, a
 * part without one). Can't fail. */
double dist_text_most(const dist *d);

/* Appends one draw of the string-valued D (dist_is_text) to OUT, from R alone, so
 * that a draw depends on the stream's position only. Returns 0, or -1 when memory
 * runs out (OUT then holds a prefix). */
int dist_sample_text(const dist *d, gsl_rng *r, dist_bytes *out);

/* random_string.c: string(LENGTH, "set") as a string-valued distribution: a length
 * drawn from LENGTH (integers >= 0), then that many characters, each uniform over the
 * CHARSET_LEN bytes of CHARSET (a byte listed twice twice as likely), or, when CHARS
 * is not NULL, a draw of CHARS (codes 0..255). Takes LENGTH and CHARS on success;
 * NULL with ERR set (they stay the caller's) when memory runs out. */
dist *dist_random_string_create(dist *length, const char *charset, size_t charset_len, dist *chars,
                                dist_error *err);

/* bytes.c: appends N bytes at P to OUT; 0, or -1 out of memory. */
int dist_bytes_add(dist_bytes *out, const char *p, size_t n);
void dist_bytes_free(dist_bytes *b);

/* P(X <= x), exact where GSL has it; used by the statistical tests and truncation. */
double dist_cdf(const dist *d, double x);

/* P(X > x), accurate in the far upper tail (relative error, where 1 - dist_cdf
 * would round to 0): exact 0 at or above the greatest value a draw can take, NAN
 * for a kind with an unbounded upper tail but no such form. Can't fail. */
double dist_survival(const dist *d, double x);

/* support.c: the finite support of D. Returns its size N (values listed as the
 * distribution lists them, a value listed twice counted twice), and when N <= MAX
 * fills VALUES[0..N) and PROBS[0..N) (summing to 1); returns 0 when the support is
 * infinite or continuous (normal, poisson, truncated ...). Can't fail. */
size_t dist_support(const dist *d, double *values, double *probs, size_t max);

/* support.c: the least and greatest values a draw of D can take, into LO and HI:
 * exact, from the support or the bounds of uniform and truncated; -INFINITY and
 * INFINITY where unbounded (normal, poisson, ...), or where a finite support is too
 * large to list. Can't fail. */
void dist_range(const dist *d, double *lo, double *hi);

/* quantile.c: the inverse CDF, F^-1(U) = the smallest x with P(X <= x) >= U, for U in
 * (0, 1): GSL's inverse where the kind has one, a search of the support for finite
 * ones, and bisection of the CDF otherwise (integers exactly, reals to the last bit).
 * A draw F^-1(U) of a uniform U has D's distribution. Can't fail. */
double dist_quantile(const dist *d, double u);

/* A numeric parameter of a distribution, for sensitivities: its name as the spec
 * writes it ("l" of poisson(l)), its value, and whether it has a score, i.e. the
 * density is differentiable in it at every point of a support that does not move
 * with it, so d E[g(X)] / d theta = E[g(X) d log f(X) / d theta] (score.c). A bound
 * of a support (uniform(a, b), uniform_int) or an integer (binomial's n) has none. */
#define DIST_MAX_PARAMS 4
typedef struct dist_param {
    const char *name;
    double value;
    int scored;
} dist_param;

/* D's numeric parameters into OUT (room for DIST_MAX_PARAMS); returns how many. 0 for
 * kinds whose parameters are lists, files or distributions (choice, discrete,
 * empirical, truncated, constant). Can't fail. */
size_t dist_params(const dist *d, dist_param *out);

/* GRAD[i] = d log f(X) / d theta_i for each parameter dist_params lists (0 for those
 * without a score). Can't fail; X outside the support gives what the formula gives. */
void dist_score(const dist *d, double x, double *grad);

/* tilt.c: the exponential tilt used by importance sampling. The index of the
 * parameter a tilt moves (normal's and lognormal's mu, poisson's l, exponential's
 * rate, p of bernoulli, binomial and geometric), or -1 when D has none. */
int dist_tilt_param(const dist *d);

/* The statistic whose mean the tilt parameter sets: ln X for lognormal, X otherwise. */
double dist_tilt_statistic(const dist *d, double x);

/* D with its tilt parameter set so that E T = MEAN_T (the cross-entropy refit), a new
 * distribution to free; NULL when D has no tilt or MEAN_T is out of its range. */
dist *dist_tilt_fit(const dist *d, double mean_t);

/* log f_TILTED(X) - log f_D(X), TILTED from dist_tilt_fit(D, ...). Can't fail. */
double dist_tilt_log_ratio(const dist *d, const dist *tilted, double x);

/* The mean, for closed-form truths in tests and examples; NAN where unknown. */
double dist_mean(const dist *d);

/* Canonical text of the distribution, e.g. "uniform(100, 800)"; returns the length
 * snprintf would, so BUF may be too small and the caller can tell. */
int dist_format(const dist *d, char *buf, size_t size);

/* The names in the catalogue, in registry order, NULL-terminated (for "did you mean"). */
const char *const *dist_names(void);

/* A gsl_rng type that is Philox4x32-10, a counter-based generator: positioning it
 * at (seed, stream) costs a few nanoseconds, so every trial gets its own stream. */
extern const gsl_rng_type *dist_rng_philox;

/* Positions R (of type dist_rng_philox) at the start of stream STREAM under SEED.
 * The sequence of draws is a function of (seed, stream) alone. */
void dist_rng_position(gsl_rng *r, unsigned long long seed, unsigned long long stream);

/* Computes the first block of stream STREAM under SEED now, for a later
 * dist_rng_position of R there to take instead of computing it: called for the
 * next trial while this one runs, the block's ten dependent rounds overlap the
 * trial's own work rather than delay its first draw. The draws are the same either
 * way. Does nothing for a generator of another type. Can't fail. */
void dist_rng_prepare(gsl_rng *r, unsigned long long seed, unsigned long long stream);

/* The most streams dist_rng_prepare_run computes ahead at once. */
#define DIST_RNG_AHEAD_STREAMS 32

/* dist_rng_prepare for the N streams FIRST, FIRST + 1, ... under SEED (at most
 * DIST_RNG_AHEAD_STREAMS: more are left to be computed when positioned at), their
 * blocks computed side by side, which the compiler turns into vector instructions:
 * for a caller that runs those streams' first draws one after another. Does nothing
 * for a generator of another type. Can't fail. */
void dist_rng_prepare_run(gsl_rng *r, unsigned long long seed, unsigned long long first, unsigned n);

/* The first draws of many streams at once (first_draws.c): OUT[t * ND + k] is the
 * draw of DS[k] after DS[0 .. k-1] from stream FIRST + t under SEED, for t < N <=
 * DIST_RNG_AHEAD_STREAMS, bit for bit what positioning R there and calling
 * dist_sample for each in turn gives. With DIRECT (from dist_first_draws_direct),
 * computed from the blocks of the streams without going through R for each draw.
 * R is left positioned somewhere. Can't fail. */
void dist_first_draws(const dist *const *ds, size_t nd, int direct, gsl_rng *r, unsigned long long seed,
                      unsigned long long first, unsigned n, double *out);

/* 1 when dist_first_draws may be DIRECT for DS (R of type dist_rng_philox): each of
 * the ND <= 4 is uniform(a, b), whose draw takes one word of block 0, and the direct
 * computation was found equal, bit for bit, to dist_sample on R over thousands of
 * streams (it is gsl_ran_flat's arithmetic; the check catches a GSL built to do it
 * otherwise, with fused multiply-adds say). */
int dist_first_draws_direct(const dist *const *ds, size_t nd, gsl_rng *r);

/* The Philox4x32-10 bijection itself: OUT = block of counter CTR under key KEY.
 * Exposed for known-answer tests and for callers that want raw blocks. Can't fail. */
void dist_rng_philox_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);

#endif
