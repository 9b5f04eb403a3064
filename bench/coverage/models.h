/* bench/coverage/models.h: the validation programs as exact laws of their per-trial block counts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODELS_H
#define FREQSYS_MODELS_H

#include <stddef.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>

#define MODELS_MAX_BLOCKS 48
#define MODELS_UNBOUNDED (-1.0)

/* One program of bench/coverage/programs: the blocks of its main, in the order the
 * tool reports them, and the law of their counts in one trial. TRIAL draws the
 * program's inputs from their declared distributions and returns the counts the
 * program itself would produce (the same control flow, written again in C).
 * EACH enumerates the input domain (finite, or truncated where the rest weighs
 * less than 1e-30) with the probability of each point, which gives the exact
 * expectations and variances. */
typedef struct model {
    const char *name;              /* bench/coverage/programs/NAME.fspec */
    double epsilon;                /* absolute; puts the largest oracle n* near 4,000 to 8,000 */
    size_t nblocks;
    const char *labels[MODELS_MAX_BLOCKS];
    unsigned facts[MODELS_MAX_BLOCKS];   /* what the transform proves (STOP_FACT_*) */
    double max_runs[MODELS_MAX_BLOCKS];  /* the transform's bound per run; MODELS_UNBOUNDED: none */
    void (*trial)(gsl_rng *r, uint64_t *counts);
    void (*each)(void (*fn)(double weight, const uint64_t *counts, void *ctx), void *ctx);
    /* For laws too wide to enumerate (NULL otherwise): each block's exact mean,
     * variance and absolute third central moment, computed some other exact way. */
    void (*moments)(double *mean, double *variance, double *abs_m3);
    int relative;                  /* epsilon is a share of each block's mean */
    double cap;                    /* the spec's `cap N` where nothing proves a loop's bound: the
                                    * most any block runs in one trial (0: none needed) */
} model;

extern const model models[];
extern const size_t nmodels;

/* The exact mean, variance and absolute third central moment of every block's
 * per-trial count under M (ABS_M3 may be NULL). Can't fail. */
void models_truth(const model *m, double *mean, double *variance, double *abs_m3);

/* Shapes built to break shortcuts (shapes.c): rare blocks that loop, almost-constant,
 * bimodal, heavy-tailed and nested counts, and many blocks at once. */
extern const model shapes[];
extern const size_t nshapes;

/* Laws on which the largest count seen would be a false range (adversaries.c): two
 * values and a rare third, a rare large count, a code constant taken rarely. */
extern const model adversaries[];
extern const size_t nadversaries;

/* Block J's proven bound as the stopping rule takes it: INFINITY when none. */
double models_max_runs(const model *m, size_t j);

/* The model or shape named NAME, or NULL. */
const model *models_find(const char *name);

#endif
