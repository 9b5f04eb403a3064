/* bench/coverage/adversaries.c: count laws on which a verdict from the trials' largest count would be false. */
/* SPDX-License-Identifier: MIT */
#include "models.h"

#include <string.h>

#define X 3u                      /* proven exactly once */
#define A 2u                      /* proven at most once */
#define U MODELS_UNBOUNDED        /* in a loop nothing bounds */

/* A loop of K iterations: the entry, the loop's test (K + 1) and body (K), the exit. */
static void loop_counts(uint64_t k, uint64_t *c)
{
    uint64_t v[4] = {1, k + 1, k, 1};
    memcpy(c, v, sizeof v);
}

/* tworare: a loop runs once (p = 0.5), twice (p = 0.497) or 60 times (p = 0.003):
 * truth 1.674 for the body. Thirty trials show 1 and 2 only, and two values seen
 * with the larger taken as the range say 1.5. */
static void tworare_trial(gsl_rng *r, uint64_t *c)
{
    double u = gsl_rng_uniform(r);
    loop_counts(u < 0.003 ? 60 : u < 0.5 ? 1 : 2, c);
}

static void tworare_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    static const uint64_t k[3] = {60, 1, 2};
    static const double p[3] = {0.003, 0.497, 0.5};
    for (int i = 0; i < 3; i++) {
        loop_counts(k[i], c);
        fn(p[i], c, ctx);
    }
}

/* rarelarge: never (p = 0.4985), once (p = 0.4985) or 200 times (p = 0.003): truth
 * 1.0985 for the body, against the 0.5 an indicator's interval gives (the tool said
 * 0.6667 +- 0.1948 "converged" on such a program, seed 1, after 30 trials). */
static void rarelarge_trial(gsl_rng *r, uint64_t *c)
{
    double u = gsl_rng_uniform(r);
    loop_counts(u < 0.003 ? 200 : u < 0.5015 ? 1 : 0, c);
}

static void rarelarge_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    static const uint64_t k[3] = {200, 1, 0};
    static const double p[3] = {0.003, 0.4985, 0.4985};
    for (int i = 0; i < 3; i++) {
        loop_counts(k[i], c);
        fn(p[i], c, ctx);
    }
}

/* rareconst: a branch taken with p = 1/500 runs a loop of a constant 50 iterations,
 * which the transform counts (at most 51 tests, 50 bodies): truth 0.1 for the body.
 * The shortcut for a block never reached ("a hit runs once") says 0. */
static void rareconst_counts(int taken, uint64_t *c)
{
    uint64_t t = (uint64_t)taken;
    uint64_t v[5] = {1, t, 51 * t, 50 * t, 1};
    memcpy(c, v, sizeof v);
}

static void rareconst_trial(gsl_rng *r, uint64_t *c) { rareconst_counts(gsl_rng_uniform(r) < 1.0 / 500, c); }

static void rareconst_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    rareconst_counts(1, c);
    fn(1.0 / 500, c, ctx);
    rareconst_counts(0, c);
    fn(499.0 / 500, c, ctx);
}

/* rarerange: a loop the transform proves runs at most 2000 times (a branch sets its
 * count to 2000, else to a uniform draw of 0 to 9) takes 2000 once a thousand runs:
 * truth 6.4955 for the body. Before the rare value is drawn, the trials' variance
 * and third moment say 2.9 and 0, and a normal interval on them settles near 4.5. */
static void rarerange_trial(gsl_rng *r, uint64_t *c)
{
    loop_counts(gsl_rng_uniform(r) < 0.001 ? 2000 : gsl_rng_uniform_int(r, 10), c);
}

static void rarerange_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    loop_counts(2000, c);
    fn(0.001, c, ctx);
    for (uint64_t k = 0; k < 10; k++) {
        loop_counts(k, c);
        fn(0.999 / 10, c, ctx);
    }
}

/* rareheavy: (int)(40 y) iterations for y uniform on [0, 1), and 10,000 when
 * y < 1e-4, which the transform proves as the larger of the two: truth 20.5 for the
 * body (19.5 from the first part and 1 from the rare one, to within 2e-5). */
static void rareheavy_trial(gsl_rng *r, uint64_t *c)
{
    double y = gsl_rng_uniform(r);
    loop_counts(y < 1e-4 ? 10000 : (uint64_t)(40 * y), c);
}

static void rareheavy_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    loop_counts(10000, c);
    fn(1e-4, c, ctx);
    loop_counts(0, c); /* y in [1e-4, 1/40) */
    fn(1.0 / 40 - 1e-4, c, ctx);
    for (uint64_t k = 1; k < 40; k++) {
        loop_counts(k, c);
        fn(1.0 / 40, c, ctx);
    }
}

const model adversaries[] = {
    {"tworare", 0.1, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, U, U, 1}, tworare_trial, tworare_each, NULL, 0, 61},
    {"rarelarge", 0.3, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, U, U, 1}, rarelarge_trial, rarelarge_each, NULL, 0, 201},
    {"rareconst", 0.05, 5, {"entry", "if.then", "for.cond", "for.body", "if.end"},
     {X, A, 0, 0, X}, {1, 1, 51, 50, 1}, rareconst_trial, rareconst_each, NULL, 0, 0},
    {"rarerange", 0.5, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, 2001, 2000, 1}, rarerange_trial, rarerange_each, NULL, 0, 0},
    {"rareheavy", 0.5, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, 10001, 10000, 1}, rareheavy_trial, rareheavy_each, NULL, 0, 0},
};
const size_t nadversaries = sizeof adversaries / sizeof adversaries[0];
