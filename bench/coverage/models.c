/* bench/coverage/models.c: the block counts of each validation program, drawn exactly and enumerated. */
/* SPDX-License-Identifier: MIT */
#include "models.h"

#include <math.h>
#include <string.h>

#define X 3u   /* proven exactly once (and so at most once) */
#define A 2u   /* proven at most once */
#define U MODELS_UNBOUNDED

/* collatz.c: n ~ uniform_int(1, 64). */
static void collatz_counts(int n, uint64_t *c)
{
    uint64_t steps = 0, odd = 0;
    while (n != 1) {
        if (n % 2) { n = 3 * n + 1; odd++; } else { n /= 2; }
        steps++;
    }
    uint64_t v[9] = {1, steps + 1, steps, odd, steps - odd, steps, 1, steps > 100, 1};
    memcpy(c, v, sizeof v);
}

static void collatz_trial(gsl_rng *r, uint64_t *c) { collatz_counts(1 + (int)gsl_rng_uniform_int(r, 64), c); }

static void collatz_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    for (int n = 1; n <= 64; n++) {
        collatz_counts(n, c);
        fn(1.0 / 64, c, ctx);
    }
}

/* coins.c: every read of coin ~ bernoulli(0.3); heads before the first tails. */
static void coins_counts(uint64_t h, uint64_t *c)
{
    uint64_t v[6] = {1, h + 1, h, 1, h >= 4, 1};
    memcpy(c, v, sizeof v);
}

static void coins_trial(gsl_rng *r, uint64_t *c)
{
    uint64_t h = 0;
    while (gsl_rng_uniform(r) < 0.3)
        h++;
    coins_counts(h, c);
}

static void coins_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    for (uint64_t h = 0; h < 120; h++) {          /* 0.3^120 < 1e-62 is left out */
        coins_counts(h, c);
        fn(pow(0.3, (double)h) * 0.7, c, ctx);
    }
}

/* grid.c: i, j ~ uniform_int(0, 9). */
static void grid_counts(uint64_t i, uint64_t j, uint64_t *c)
{
    uint64_t v[13] = {1, i + 1, i, i * (j + 1), i * j, i * j, i, i, 1, i == j, 1, i + j == 18, 1};
    memcpy(c, v, sizeof v);
}

static void grid_trial(gsl_rng *r, uint64_t *c)
{
    uint64_t i = gsl_rng_uniform_int(r, 10), j = gsl_rng_uniform_int(r, 10);
    grid_counts(i, j, c);
}

static void grid_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    for (uint64_t i = 0; i < 10; i++)
        for (uint64_t j = 0; j < 10; j++) {
            grid_counts(i, j, c);
            fn(0.01, c, ctx);
        }
}

/* bits.c: 20 reads of bit ~ bernoulli(0.5); only the number of ones matters. */
static void bits_counts(uint64_t ones, uint64_t *c)
{
    uint64_t v[12] = {1, 21, 20, ones, 20, 20, 1, ones >= 16, ones < 16, ones == 10, ones < 16, 1};
    memcpy(c, v, sizeof v);
}

static void bits_trial(gsl_rng *r, uint64_t *c)
{
    uint64_t ones = 0;
    for (int t = 0; t < 20; t++)
        ones += gsl_rng_uniform(r) < 0.5;
    bits_counts(ones, c);
}

static void bits_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    double choose = 1;                            /* C(20, k), exact in a double */
    for (uint64_t k = 0; k <= 20; k++) {
        bits_counts(k, c);
        fn(choose / 1048576.0, c, ctx);
        choose = choose * (double)(20 - k) / (double)(k + 1);
    }
}

/* rare.c: n ~ uniform_int(0, 4095). */
static void rare_counts(uint64_t n, uint64_t *c)
{
    uint64_t m = n % 8, r = n < 3;
    uint64_t v[15] = {1, m + 1, m, m, 1, r, 6 * r, 5 * r, 5 * r, r, 1, n == 4095, 1, 0, 1};
    memcpy(c, v, sizeof v);
}

static void rare_trial(gsl_rng *r, uint64_t *c) { rare_counts(gsl_rng_uniform_int(r, 4096), c); }

static void rare_each(void (*fn)(double, const uint64_t *, void *), void *ctx)
{
    uint64_t c[MODELS_MAX_BLOCKS];
    for (uint64_t n = 0; n < 4096; n++) {
        rare_counts(n, c);
        fn(1.0 / 4096, c, ctx);
    }
}

const model models[] = {
    /* nothing proves that the while loops of collatz and coins end, so the blocks after
     * them are at most once, not exactly once: a run that went round for ever would
     * never get there */
    {"collatz", 1.0, 9,
     {"entry", "while.cond", "while.body", "if.then", "if.else", "if.end", "while.end", "if.then3", "if.end5"},
     {X, 0, 0, 0, 0, 0, A, A, A}, {1, U, U, U, U, U, 1, 1, 1}, collatz_trial, collatz_each, NULL, 0, 113},
    {"coins", 0.02, 6,
     {"entry", "while.cond", "while.body", "while.end", "if.then", "if.end"},
     {X, 0, 0, A, A, A}, {1, U, U, 1, 1, 1}, coins_trial, coins_each, NULL, 0, 120},
    {"grid", 0.5, 13,
     {"entry", "for.cond", "for.body", "for.cond2", "for.body4", "for.inc", "for.end", "for.inc6",
      "for.end8", "if.then", "if.end", "if.then11", "if.end12"},
     /* the loops' bounds follow from i, j <= 9: the transform proves 10 tests of each
      * loop per entry and 9 runs of everything inside (counted_loops.c) */
     {X, 0, 0, 0, 0, 0, 0, 0, X, A, X, A, X}, {1, 10, 9, 90, 81, 81, 9, 9, 1, 1, 1, 1, 1}, grid_trial,
     grid_each, NULL, 0, 90},
    {"bits", 0.05, 12,
     {"entry", "for.cond", "for.body", "if.then", "if.end", "for.inc", "for.end", "if.then3", "if.else",
      "if.then6", "if.end8", "if.end9"},
     {X, 0, 0, 0, 0, 0, X, A, A, A, A, X}, {1, 21, 20, 20, 20, 20, 1, 1, 1, 1, 1, 1}, bits_trial, bits_each, NULL, 0, 0},
    {"rare", 0.05, 15,
     {"entry", "for.cond", "for.body", "for.inc", "for.end", "if.then", "for.cond2", "for.body4", "for.inc6",
      "for.end8", "if.end", "if.then10", "if.end11", "if.then13", "if.end14"},
     /* n % 8 is at most 7 whatever n is: the first loop is proven too */
     {X, 0, 0, 0, X, A, 0, 0, 0, A, X, A, X, A, X}, {1, 8, 7, 7, 1, 1, 6, 5, 5, 1, 1, 1, 1, 1, 1}, rare_trial, rare_each, NULL, 0, 8},
};
const size_t nmodels = sizeof models / sizeof models[0];

typedef struct sums { size_t n; double s1[MODELS_MAX_BLOCKS], s2[MODELS_MAX_BLOCKS]; } sums;

static void add(double w, const uint64_t *c, void *ctx)
{
    sums *s = ctx;
    for (size_t j = 0; j < s->n; j++) {
        s->s1[j] += w * (double)c[j];
        s->s2[j] += w * (double)c[j] * (double)c[j];
    }
}

typedef struct third { size_t n; const double *mean; double m3[MODELS_MAX_BLOCKS]; } third;

static void add_third(double w, const uint64_t *c, void *ctx)
{
    third *t = ctx;
    for (size_t j = 0; j < t->n; j++)
        t->m3[j] += w * pow(fabs((double)c[j] - t->mean[j]), 3);
}

void models_truth(const model *m, double *mean, double *variance, double *abs_m3)
{
    double m3[MODELS_MAX_BLOCKS];
    if (m->moments) {
        m->moments(mean, variance, m3);
        if (abs_m3) memcpy(abs_m3, m3, m->nblocks * sizeof *m3);
        return;
    }
    sums s = {.n = m->nblocks};
    m->each(add, &s);
    for (size_t j = 0; j < m->nblocks; j++) {
        mean[j] = s.s1[j];
        variance[j] = s.s2[j] - s.s1[j] * s.s1[j];
        if (variance[j] <= 1e-12 * (1 + s.s2[j]))  /* a constant, up to rounding */
            variance[j] = 0;
    }
    if (abs_m3) {
        third t = {.n = m->nblocks, .mean = mean};
        m->each(add_third, &t);
        memcpy(abs_m3, t.m3, m->nblocks * sizeof *abs_m3);
    }
}

double models_max_runs(const model *m, size_t j)
{
    return m->max_runs[j] < 0 ? INFINITY : m->max_runs[j];
}

const model *models_find(const char *name)
{
    for (size_t i = 0; i < nmodels; i++)
        if (!strcmp(models[i].name, name))
            return &models[i];
    for (size_t i = 0; i < nshapes; i++)
        if (!strcmp(shapes[i].name, name))
            return &shapes[i];
    return NULL;
}
