/* bench/coverage/shapes.c: count laws built to break shortcuts in the stopping rule, with exact truths. */
/* SPDX-License-Identifier: MIT */
#include "models.h"

#include <math.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

#define X 3u                      /* proven exactly once */
#define A 2u                      /* proven at most once */
#define U MODELS_UNBOUNDED        /* in a loop nothing bounds */

/* rareloop: a branch taken with p = 1/200 runs a 20-iteration loop. A rule that
 * takes a block never reached to run once per hit (or a count seen the same way
 * as certain) reports 0 for a truth of 0.1. */
static void rareloop_counts(int taken, uint64_t *c)
{
    uint64_t v[5] = {1, (uint64_t)taken, 21u * (uint64_t)taken, 20u * (uint64_t)taken, 1};
    memcpy(c, v, sizeof v);
}

static void rareloop_trial(gsl_rng *r, uint64_t *c) { rareloop_counts(gsl_rng_uniform(r) < 1.0 / 200, c); }

static void rareloop_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    rareloop_counts(1, c);
    fn(1.0 / 200, c, ctx);
    rareloop_counts(0, c);
    fn(199.0 / 200, c, ctx);
}

/* almostconst: a loop runs once, or 100 times with p = 1/100 (truth 1.99 against
 * the 1 that 30 identical trials suggest). */
static void almost_counts(int many, uint64_t *c)
{
    uint64_t k = many ? 100 : 1;
    uint64_t v[4] = {1, k + 1, k, 1};
    memcpy(c, v, sizeof v);
}

static void almost_trial(gsl_rng *r, uint64_t *c) { almost_counts(gsl_rng_uniform(r) < 0.01, c); }

static void almost_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    almost_counts(1, c);
    fn(0.01, c, ctx);
    almost_counts(0, c);
    fn(0.99, c, ctx);
}

/* bimodal: a loop runs 0 times (p = 0.9) or 100 times (truth 10). */
static void bimodal_counts(int many, uint64_t *c)
{
    uint64_t k = many ? 100 : 0;
    uint64_t v[4] = {1, k + 1, k, 1};
    memcpy(c, v, sizeof v);
}

static void bimodal_trial(gsl_rng *r, uint64_t *c) { bimodal_counts(gsl_rng_uniform(r) < 0.1, c); }

static void bimodal_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    bimodal_counts(1, c);
    fn(0.1, c, ctx);
    bimodal_counts(0, c);
    fn(0.9, c, ctx);
}

/* rarerel: a branch taken with p = 1/5000, at relative epsilon 2%: 0 is not within
 * 2% of 0.0002, and the 3.4e7 trials that precision needs are beyond any budget. */
static void rarerel_counts(int taken, uint64_t *c)
{
    uint64_t v[4] = {1, (uint64_t)taken, (uint64_t)!taken, 1};
    memcpy(c, v, sizeof v);
}

static void rarerel_trial(gsl_rng *r, uint64_t *c) { rarerel_counts(gsl_rng_uniform(r) < 1.0 / 5000, c); }

static void rarerel_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    rarerel_counts(1, c);
    fn(1.0 / 5000, c, ctx);
    rarerel_counts(0, c);
    fn(4999.0 / 5000, c, ctx);
}

/* heavy: a loop of floor(exp(1.5 Z)) iterations, Z standard normal: the floor of a
 * lognormal(0, 1.5), whose sample moments lag far behind the true ones. */
#define HEAVY_SIGMA 1.5
#define HEAVY_MAX 1000000u        /* P(count > 1e6) = Q(9.2) < 1e-19 is left out */

static void heavy_counts(uint64_t k, uint64_t *c)
{
    uint64_t v[4] = {1, k + 1, k, 1};
    memcpy(c, v, sizeof v);
}

static void heavy_trial(gsl_rng *r, uint64_t *c)
{
    double x = floor(exp(HEAVY_SIGMA * gsl_ran_ugaussian(r)));
    heavy_counts(x < (double)HEAVY_MAX ? (uint64_t)x : HEAVY_MAX, c);
}

/* P(floor X = k) = Phi(ln(k + 1) / s) - Phi(ln k / s), summed as upper tails so
 * the small terms keep their digits. */
static double heavy_p(uint64_t k)
{
    double hi = gsl_cdf_ugaussian_Q(log((double)k + 1) / HEAVY_SIGMA);
    double lo = k == 0 ? 1.0 : gsl_cdf_ugaussian_Q(log((double)k) / HEAVY_SIGMA);
    return lo - hi;
}

static void heavy_moments(double *mean, double *variance, double *abs_m3)
{
    double s1 = 0, s2 = 0;
    for (uint64_t k = HEAVY_MAX; k-- > 0;) {          /* small terms first */
        double p = heavy_p(k), x = (double)k;
        s1 += p * x;
        s2 += p * x * x;
    }
    double m3 = 0;
    for (uint64_t k = HEAVY_MAX; k-- > 0;)
        m3 += heavy_p(k) * pow(fabs((double)k - s1), 3);
    double var = s2 - s1 * s1;
    double vm[4] = {1, s1 + 1, s1, 1}, vv[4] = {0, var, var, 0}, v3[4] = {0, m3, m3, 0};
    memcpy(mean, vm, sizeof vm);
    memcpy(variance, vv, sizeof vv);
    memcpy(abs_m3, v3, sizeof v3);
}

/* nested: an outer loop of N ~ poisson(3) iterations, each running an inner loop of
 * G ~ geometric failures before a success with p = 1/2 (mean 1): truth 3. */
static void nested_counts(uint64_t n, uint64_t s, uint64_t *c)
{
    uint64_t v[5] = {1, n + 1, n, s, 1};
    memcpy(c, v, sizeof v);
}

static void nested_trial(gsl_rng *r, uint64_t *c)
{
    uint64_t n = gsl_ran_poisson(r, 3.0), s = 0;
    for (uint64_t i = 0; i < n; i++)
        s += gsl_ran_geometric(r, 0.5) - 1;
    nested_counts(n, s, c);
}

/* S given N = n is negative binomial: C(s + n - 1, s) 2^-(n + s). */
static void nested_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    for (uint64_t n = 0; n <= 40; n++) {              /* P(N > 40) < 1e-25 */
        double pn = gsl_ran_poisson_pdf((unsigned)n, 3.0);
        for (uint64_t s = 0; s <= 400; s++) {
            double ps = n == 0 ? (s == 0) : gsl_ran_negative_binomial_pdf((unsigned)s, 0.5, (double)n);
            if (pn * ps == 0) continue;
            nested_counts(n, s, c);
            fn(pn * ps, c, ctx);
        }
    }
}

/* forty: 20 independent branches (p = 0.30, 0.31, ..., 0.49), each proven at most
 * once, and 20 loops of poisson(2.0, 2.1, ..., 3.9) iterations: 40 blocks for the
 * simultaneous guarantee at relative epsilon. */
#define FORTY 40

static void forty_trial(gsl_rng *r, uint64_t *c)
{
    for (unsigned j = 0; j < FORTY / 2; j++) {
        c[j] = gsl_rng_uniform(r) < 0.30 + 0.01 * j;
        c[FORTY / 2 + j] = gsl_ran_poisson(r, 2.0 + 0.1 * j);
    }
}

static double poisson_abs_m3(double lambda)
{
    double m3 = 0;
    for (unsigned k = 0; k < 200; k++)
        m3 += gsl_ran_poisson_pdf(k, lambda) * pow(fabs(k - lambda), 3);
    return m3;
}

static void forty_moments(double *mean, double *variance, double *abs_m3)
{
    for (unsigned j = 0; j < FORTY / 2; j++) {
        double p = 0.30 + 0.01 * j, q = 1 - p, l = 2.0 + 0.1 * j;
        mean[j] = p;
        variance[j] = p * q;
        abs_m3[j] = p * q * (p * p + q * q);
        mean[FORTY / 2 + j] = l;
        variance[FORTY / 2 + j] = l;
        abs_m3[FORTY / 2 + j] = poisson_abs_m3(l);
    }
}

static void no_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    (void)fn;
    (void)ctx;
}

const model shapes[] = {
    {"rareloop", 0.05, 5, {"entry", "if.then", "for.cond", "for.body", "if.end"},
     {X, A, 0, 0, X}, {1, 1, U, U, 1}, rareloop_trial, rareloop_each, NULL, 0, 21},
    {"almostconst", 0.2, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, U, U, 1}, almost_trial, almost_each, NULL, 0, 101},
    {"bimodal", 1.0, 4, {"entry", "for.cond", "for.body", "for.end"},
     {X, 0, 0, X}, {1, U, U, 1}, bimodal_trial, bimodal_each, NULL, 0, 101},
    {"rarerel", 0.02, 4, {"entry", "if.then", "if.else", "if.end"},
     {X, A, A, X}, {1, 1, 1, 1}, rarerel_trial, rarerel_each, NULL, 1, 0},
    {"heavy", 0.5, 4, {"entry", "while.cond", "while.body", "while.end"},
     {X, 0, 0, X}, {1, U, U, 1}, heavy_trial, no_each, heavy_moments, 0, 1000001},
    {"nested", 0.1, 5, {"entry", "outer.cond", "outer.body", "inner.body", "outer.end"},
     {X, 0, 0, 0, X}, {1, U, U, U, 1}, nested_trial, nested_each, NULL, 0, 400},
    {"forty", 0.05, FORTY,
     {"b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13", "b14", "b15",
      "b16", "b17", "b18", "b19", "l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "l10", "l11",
      "l12", "l13", "l14", "l15", "l16", "l17", "l18", "l19"},
     {A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A},
     {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
      U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U},
     forty_trial, no_each, forty_moments, 1, 60},
};
const size_t nshapes = sizeof shapes / sizeof shapes[0];
