/* harness/score_sums.h: exact sums over trials of block counts times parameter scores, the data of
 * sensitivities. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SCORE_SUMS_H
#define FREQSYS_SCORE_SUMS_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"
#include "wire.h"

/* For block b with count c and scored parameter p with trial score S, the sums of
 * c S, c^2 S, c S^2 and c^2 S^2 over trials, and per parameter those of S and S^2.
 * Each term is rounded to a multiple of 2^-SCORE_SUMS_FRACTION_BITS once, per
 * trial, and summed as a 128-bit integer: the sums are the same whatever ranges of
 * trials the workers and ranks added up first, so a run's sensitivities depend on
 * its seed alone, as its means do. */
#define SCORE_SUMS_FRACTION_BITS 32
/* Pairs (block, parameter) a run may follow: 64 bytes each in every worker (64 MiB
 * at most, of which only the pairs of blocks that ran are touched). */
#define SCORE_SUMS_MAX_PAIRS (1u << 20)

/* The sums travel as wire_bin records with pad set to one of these (a histogram's
 * bins have pad 0, hashed paths 1-3): block is the pair's index (block * nparams + param) or, for the
 * parameter's own sums, the parameter's; value and trials the low and high words. */
typedef enum score_sum_kind {
    SCORE_SUM_CS = WIRE_BIN_SCORES,
    SCORE_SUM_CCS,
    SCORE_SUM_CSS,
    SCORE_SUM_CCSS, /* per pair */
    SCORE_SUM_S,
    SCORE_SUM_SS,       /* per parameter */
    SCORE_SUM_SATURATED /* a sum did not fit */
} score_sum_kind;

typedef struct score_sums {
    uint32_t nblocks, nparams;
    __int128 *pair;  /* [nblocks * nparams][4], in the order of score_sum_kind */
    __int128 *param; /* [nparams][2] */
    uint32_t *used;  /* blocks whose sums are not all zero, for sending */
    uint8_t *is_used;
    size_t nused;
    int saturated; /* a term or a sum left 128 bits: no sensitivity is given */
} score_sums;

/* Zero sums for NBLOCKS blocks and NPARAMS parameters. Returns 0, or -1 when memory
 * ran out or there are more than SCORE_SUMS_MAX_PAIRS pairs. */
int score_sums_init(score_sums *s, uint32_t nblocks, uint32_t nparams);
void score_sums_free(score_sums *s);

/* Adds one trial: the block counters MOD holds for the functions that ran (left as
 * they are) and the trial's SCORES, one per parameter. Can't fail. */
void score_sums_trial(score_sums *s, const fsabi_module *mod, const double *scores);

/* Adds one trial given as block counts COUNTS[0..nblocks) (a test's, or a fake
 * program's). Can't fail. */
void score_sums_add_trial(score_sums *s, const uint64_t *counts, const double *scores);

/* Calls FN with each nonzero sum as a record (see score_sum_kind), then zeroes them. */
void score_sums_drain(score_sums *s, void (*fn)(const wire_bin *b, void *ctx), void *ctx);

/* Adds record B (pad != 0). Returns 0, or -1 when B names no pair or parameter. */
int score_sums_add_record(score_sums *s, const wire_bin *b);

/* d E[count] / d theta of BLOCK for parameter PARAM over N trials, whose counts had
 * mean MEAN_C and unbiased variance VAR_C: the sample covariance of count and score,
 * in *DERIVATIVE, and Z times its standard error (the delta method's, from the same
 * sums) in *HALF_WIDTH. Returns 0, or -1 when there is none (fewer than 2 trials,
 * saturated sums). */
int score_sums_estimate(const score_sums *s, uint32_t block, uint32_t param, uint64_t n, double mean_c,
                        double var_c, double z, double *derivative, double *half_width);

#endif
