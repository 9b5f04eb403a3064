/* stats/sampling_points.h: the uniforms behind each draw under antithetic, stratified or quasi-random
 * sampling. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SAMPLING_POINTS_H
#define FREQSYS_SAMPLING_POINTS_H

#include <stdint.h>
#include "dist.h"

/* How a trial's runs take their inputs. Under every method but plain, a trial is a
 * replicate of K runs whose draws are made together (below), and replicates are
 * independent of one another, so each replicate's total is one i.i.d. observation. */
typedef enum sampling_method {
    SAMPLING_PLAIN = 0,  /* one run per trial, its draws from its own stream */
    SAMPLING_ANTITHETIC, /* K = 2: the second run draws F^-1(1 - u) where the first drew F^-1(u) */
    SAMPLING_STRATIFIED, /* Latin hypercube: draw d of run k is F^-1((pi_d(k) + v) / K), pi_d a
                          * random permutation of the K strata per replicate and draw */
    SAMPLING_QMC         /* scrambled Sobol: draw d of run k is F^-1 of coordinate d of Sobol
                          * point k, shifted by a random digital shift per replicate */
} sampling_method;

/* The dimensions quasi-random points have (GSL's Sobol generator's most), and the
 * draws per run a Latin hypercube stratifies; later draws of a run are plain. */
#define SAMPLING_POINTS_QMC_DIMENSIONS        40
#define SAMPLING_POINTS_STRATIFIED_DIMENSIONS 256

/* "plain", "antithetic", "stratified", "qmc"; NULL for another value. */
const char *sampling_method_name(sampling_method m);

/* Parses NAME; returns 0 and sets *M, or -1. */
int sampling_method_parse(const char *name, sampling_method *m);

/* The runs per replicate a method takes when none is asked for. */
uint32_t sampling_method_default_runs(sampling_method m);

typedef struct sampling_points sampling_points;

/* Points for METHOD with RUNS runs per replicate under SEED (antithetic: RUNS is 2).
 * Returns NULL when memory ran out. */
sampling_points *sampling_points_new(sampling_method method, uint32_t runs, uint64_t seed);
void sampling_points_free(sampling_points *p);

/* Prepares run RUN (0 .. runs - 1) of replicate REPLICATE. The runs of a replicate
 * must come in order 0, 1, ... in one process (a replicate abandoned part way is
 * simply begun again). Returns the stream the run's own random numbers (rand(), a
 * string's characters) come from. Can't fail. */
uint64_t sampling_points_begin(sampling_points *p, uint64_t replicate, uint32_t run);

/* The next draw of the current run from D: F^-1 of the run's next coordinate. A
 * runtime_draw_source, CTX the sampling_points. Can't fail. */
double sampling_points_draw(const dist *d, void *ctx);

/* The uniform of the next draw alone, in (0, 1), for tests. */
double sampling_points_uniform(sampling_points *p);

#endif
