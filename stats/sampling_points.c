/* stats/sampling_points.c: the uniforms behind each draw under antithetic, stratified or quasi-random
 * sampling. */
/* SPDX-License-Identifier: MIT */
#include "sampling_points.h"

#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_qrng.h>
#include <gsl/gsl_rng.h>

/* Keys that keep the streams below apart from the trials' own (seed, trial). */
#define KEY_COORDINATES 0x636f6f7264696e61ull
#define KEY_STRATA      0x7374726174612121ull
#define KEY_SHIFT       0x7368696674212121ull

#define SOBOL_TABLE_POINTS 65536 /* replicates of at most this many runs read a table (10 MB at most) */

struct sampling_points {
    sampling_method method;
    uint32_t runs;
    uint64_t seed;
    uint64_t replicate;
    uint32_t run;
    uint32_t at;          /* draws made in the current run */
    gsl_rng *coordinates; /* antithetic: the replicate's uniforms; others: jitter and
                           * draws past the stratified or quasi-random dimensions */
    gsl_rng *strata;      /* stratified: the permutations */
    uint32_t *perm;       /* stratified: [dimension][runs], built when first needed */
    uint8_t *built;       /* stratified: [dimension] */
    gsl_qrng *sobol;
    uint32_t sobol_done; /* points the generator gave since its start */
    double point[SAMPLING_POINTS_QMC_DIMENSIONS];
    uint32_t shift[SAMPLING_POINTS_QMC_DIMENSIONS];
    /* The first points of the Sobol sequence as 32-bit coordinates, [point][dimension]:
     * every replicate uses the same points under its own shift, so they are made once
     * rather than the generator started again for each replicate. */
    uint32_t *table; /* NULL for replicates of more than SOBOL_TABLE_POINTS runs */
};

const char *sampling_method_name(sampling_method m) {
    switch (m) {
    case SAMPLING_PLAIN:
        return "plain";
    case SAMPLING_ANTITHETIC:
        return "antithetic";
    case SAMPLING_STRATIFIED:
        return "stratified";
    case SAMPLING_QMC:
        return "qmc";
    }
    return NULL;
}

int sampling_method_parse(const char *name, sampling_method *m) {
    for (int k = SAMPLING_PLAIN; k <= SAMPLING_QMC; k++)
        if (!strcmp(name, sampling_method_name((sampling_method)k))) {
            *m = (sampling_method)k;
            return 0;
        }
    return -1;
}

uint32_t sampling_method_default_runs(sampling_method m) {
    switch (m) {
    case SAMPLING_ANTITHETIC:
        return 2;
    case SAMPLING_STRATIFIED:
        return 8;
    case SAMPLING_QMC:
        return 16;
    default:
        return 1;
    }
}

sampling_points *sampling_points_new(sampling_method method, uint32_t runs, uint64_t seed) {
    sampling_points *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->method = method;
    p->runs = method == SAMPLING_ANTITHETIC ? 2 : runs ? runs : 1;
    p->seed = seed;
    p->coordinates = gsl_rng_alloc(dist_rng_philox);
    p->strata = gsl_rng_alloc(dist_rng_philox);
    if (!p->coordinates || !p->strata) goto fail;
    if (method == SAMPLING_STRATIFIED) {
        p->perm = malloc((size_t)SAMPLING_POINTS_STRATIFIED_DIMENSIONS * p->runs * sizeof *p->perm);
        p->built = calloc(SAMPLING_POINTS_STRATIFIED_DIMENSIONS, 1);
        if (!p->perm || !p->built) goto fail;
    }
    if (method == SAMPLING_QMC &&
        !(p->sobol = gsl_qrng_alloc(gsl_qrng_sobol, SAMPLING_POINTS_QMC_DIMENSIONS)))
        goto fail;
    if (method == SAMPLING_QMC && p->runs <= SOBOL_TABLE_POINTS) {
        /* point 0 is the origin, which GSL's generator leaves out; point k >= 1 is its
         * k-th: the first 2^m points then form a net (one point per 2^-m in every
         * coordinate). GSL's coordinates are multiples of 2^-30 or coarser: exact in
         * 32 bits. */
        p->table = calloc((size_t)p->runs * SAMPLING_POINTS_QMC_DIMENSIONS, sizeof *p->table);
        if (!p->table) goto fail;
        for (uint32_t k = 1; k < p->runs; k++) {
            gsl_qrng_get(p->sobol, p->point);
            for (int d = 0; d < SAMPLING_POINTS_QMC_DIMENSIONS; d++)
                p->table[(size_t)k * SAMPLING_POINTS_QMC_DIMENSIONS + d] =
                    (uint32_t)(p->point[d] * 4294967296.0);
        }
    }
    return p;
fail:
    sampling_points_free(p);
    return NULL;
}

void sampling_points_free(sampling_points *p) {
    if (!p) return;
    if (p->coordinates) gsl_rng_free(p->coordinates);
    if (p->strata) gsl_rng_free(p->strata);
    if (p->sobol) gsl_qrng_free(p->sobol);
    free(p->table);
    free(p->perm);
    free(p->built);
    free(p);
}

/* Replicate R's digital shift of the Sobol points, from its own stream. */
static void draw_shift(sampling_points *p, uint64_t r) {
    dist_rng_position(p->strata, p->seed ^ KEY_SHIFT, r);
    for (int d = 0; d < SAMPLING_POINTS_QMC_DIMENSIONS; d++) p->shift[d] = (uint32_t)gsl_rng_get(p->strata);
}

uint64_t sampling_points_begin(sampling_points *p, uint64_t replicate, uint32_t run) {
    p->at = 0;
    p->run = run;
    switch (p->method) {
    case SAMPLING_ANTITHETIC:
        /* both runs read the same uniforms; the second mirrors them */
        dist_rng_position(p->coordinates, p->seed ^ KEY_COORDINATES, replicate);
        p->replicate = replicate;
        return 2 * replicate + run;
    case SAMPLING_STRATIFIED:
        if (run == 0 || replicate != p->replicate) memset(p->built, 0, SAMPLING_POINTS_STRATIFIED_DIMENSIONS);
        p->replicate = replicate;
        dist_rng_position(p->coordinates, p->seed ^ KEY_COORDINATES, (uint64_t)p->runs * replicate + run);
        return (uint64_t)p->runs * replicate + run;
    case SAMPLING_QMC:
        if (run == 0 || replicate != p->replicate) draw_shift(p, replicate);
        if (!p->table) {
            if (run == 0 || replicate != p->replicate || run < p->sobol_done) { /* a fresh sequence */
                gsl_qrng_init(p->sobol);
                p->sobol_done = 0;
            }
            /* the points as the table has them (sampling_points_new) */
            if (run == 0) memset(p->point, 0, sizeof p->point);
            while (p->sobol_done < run) {
                gsl_qrng_get(p->sobol, p->point);
                p->sobol_done++;
            }
        }
        p->replicate = replicate;
        dist_rng_position(p->coordinates, p->seed ^ KEY_COORDINATES, (uint64_t)p->runs * replicate + run);
        return (uint64_t)p->runs * replicate + run;
    default:
        return replicate;
    }
}

/* 32 random bits as a uniform in (0, 1): the middle of one of 2^32 equal cells. */
static double cell(uint32_t bits) {
    return ((double)bits + 0.5) * (1.0 / 4294967296.0);
}

/* The stratum of run p->run in dimension D of the current replicate: a uniformly
 * random permutation of 0 .. runs - 1 per (replicate, dimension), Fisher-Yates from
 * its own stream. */
static uint32_t stratum(sampling_points *p, uint32_t d) {
    uint32_t *perm = p->perm + (size_t)d * p->runs;
    if (!p->built[d]) {
        dist_rng_position(p->strata, p->seed ^ KEY_STRATA,
                          p->replicate * SAMPLING_POINTS_STRATIFIED_DIMENSIONS + d);
        for (uint32_t k = 0; k < p->runs; k++) perm[k] = k;
        for (uint32_t k = p->runs; k > 1; k--) {
            uint32_t j = (uint32_t)gsl_rng_uniform_int(p->strata, k);
            uint32_t t = perm[k - 1];
            perm[k - 1] = perm[j];
            perm[j] = t;
        }
        p->built[d] = 1;
    }
    return perm[p->run];
}

double sampling_points_uniform(sampling_points *p) {
    uint32_t d = p->at++;
    switch (p->method) {
    case SAMPLING_ANTITHETIC: {
        uint32_t bits = (uint32_t)gsl_rng_get(p->coordinates);
        return cell(p->run ? ~bits : bits); /* cell(~b) = 1 - cell(b) exactly */
    }
    case SAMPLING_STRATIFIED:
        if (d < SAMPLING_POINTS_STRATIFIED_DIMENSIONS) {
            double v = cell((uint32_t)gsl_rng_get(p->coordinates));
            double u = ((double)stratum(p, d) + v) / (double)p->runs;
            return u > 0 && u < 1 ? u : cell((uint32_t)gsl_rng_get(p->coordinates));
        }
        return cell((uint32_t)gsl_rng_get(p->coordinates));
    case SAMPLING_QMC:
        if (d < SAMPLING_POINTS_QMC_DIMENSIONS) {
            /* GSL's Sobol coordinates are multiples of 2^-30 or coarser: exact in 32 bits */
            uint32_t bits = p->table ? p->table[(size_t)p->run * SAMPLING_POINTS_QMC_DIMENSIONS + d]
                                     : (uint32_t)(p->point[d] * 4294967296.0);
            return cell(bits ^ p->shift[d]);
        }
        return cell((uint32_t)gsl_rng_get(p->coordinates));
    default:
        return cell((uint32_t)gsl_rng_get(p->coordinates));
    }
}

double sampling_points_draw(const dist *d, void *ctx) {
    return dist_quantile(d, sampling_points_uniform(ctx));
}
