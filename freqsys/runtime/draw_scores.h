/* freqsys/runtime/draw_scores.h: per trial, the score of its draws for each parameter of the declared
 * distributions (sensitivities). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DRAW_SCORES_H
#define FREQSYS_DRAW_SCORES_H

#include <stddef.h>
#include "spec.h"

/* One parameter of a declared distribution. For a scored one, the trial's score is
 * S = sum over the trial's draws from that distribution of d log f(x) / d theta, and
 * d E[count] / d theta = Cov(count, S) (docs/statistics.md, "Sensitivities"). */
typedef struct draw_score_param {
    char input[96];   /* the declaration: "n", "read 3", "arg cfg.mode", "interrupt tick" */
    const char *name; /* the parameter as the spec writes it: "l", "mu" */
    double value;
    int scored; /* 0: listed as skipped (no score, or drawn where it is not followed) */
} draw_score_param;

/* Follows every draw from the distributions S declares from the next trial on:
 * their parameters are listed (draw_scores_params) and each trial's scores kept.
 * Call once per process, after runtime_bind and before the first trial. Returns 0,
 * or -1 when memory ran out. */
int draw_scores_enable(const spec *s);

/* Every numeric parameter of the declared distributions, scored first in the order
 * of their scores, then the skipped ones; *NSCORED how many are scored. */
const draw_score_param *draw_scores_params(size_t *n, size_t *nscored);

/* The declaration IN's name as the user wrote it ("n", "read 3", "arg cfg.mode"),
 * as sensitivities and importance sampling name inputs. */
void draw_scores_label(const spec_input *in, char *buf, size_t size);

/* Copies the scores of the trial that ran last (one per scored parameter) into OUT
 * and clears them for the next. Can't fail. */
void draw_scores_take(double *out);

#endif
