/* freqsys/runtime/tilted_draws.h: importance sampling's draws: each tilted input from a defensive mixture,
 * and the run's weight. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TILTED_DRAWS_H
#define FREQSYS_TILTED_DRAWS_H

#include <stddef.h>
#include "spec.h"

/* A tilted input's draw comes from q = (1 - MIXTURE) p + MIXTURE p_tilt, so its
 * weight p / q is at most 1 / (1 - MIXTURE); only a run's first MAX_TILTED draws
 * from tilted inputs are tilted, so a run's weight is at most (1 - MIXTURE)^-MAX. */
#define TILTED_DRAWS_MIXTURE 0.5
#define TILTED_DRAWS_MAX     8

/* Follows the inputs of S whose laws have a tilt (dist_tilt_param), none tilted
 * yet, and routes every draw of the program through the mixture from the next
 * trial on. Call once per process after runtime_bind. Returns how many inputs can
 * be tilted, or -1 when memory ran out. */
int tilted_draws_enable(const spec *s);

/* The weight of the trial that ran last: the product of p / q over its tilted
 * draws (1 without any). Clears it, and the trial's statistics, for the next. */
double tilted_draws_take_weight(void);

/* The pilot's bookkeeping for the trial that ran last: when it REACHED the block,
 * its draws' statistics join each input's sums, weighted by its weight. Clears the
 * trial's state as tilted_draws_take_weight does. */
void tilted_draws_pilot_trial(int reached);

/* Refits each input whose sums saw a draw (the cross-entropy update: E T of the
 * tilted law = the weighted mean of T over the runs that reached the block) and
 * clears the sums. Returns how many inputs are tilted now. */
int tilted_draws_refit(void);

/* The tilted laws as the E T each was fitted to (NAN: not tilted), one per followed
 * input, to hand from the pilot's process to the run's: tilted_draws_set(V) there
 * gives the same tilts. */
size_t tilted_draws_get(double *mean_t, size_t max);
int tilted_draws_set(const double *mean_t, size_t n);

/* Input I's tilt as text, "x: normal(0, 1) -> normal(3.95, 1)", into BUF; returns 0,
 * or -1 when I is past the followed inputs or not tilted. */
int tilted_draws_describe(size_t i, char *buf, size_t size);

#endif
