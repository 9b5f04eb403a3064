/* harness/tail_level_choice.h: each block's tail level chosen for the run's epsilon. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TAIL_LEVEL_CHOICE_H
#define FREQSYS_TAIL_LEVEL_CHOICE_H

#include <stddef.h>
#include "freqsys/abi.h"
#include "stop_rule.h"

/* The share of epsilon a chosen level's tail may take: the slack it adds to every
 * half-width, so a block the normal interval settles needs 1 / (1 - share)^2 times
 * the trials. */
#define TAIL_EPSILON_SHARE 0.05
/* A lower level is taken only at this fraction of the row's or below: where a
 * range-based interval would gain, not where the slack only costs. */
#define TAIL_LEVEL_GAIN 0.5

/* The most a chosen level's tail may add to a block's mean under P: the share of
 * epsilon, or of the floor under a relative epsilon (what it is at least); 0 when
 * epsilon is relative with no floor, which leaves the module's levels. */
double tail_level_budget(const stop_params *p);

/* A module whose blocks take their tail levels for the run. */
typedef struct tail_level_choice {
    fsabi_module module; /* MOD's descriptor, with blocks pointing at the copy below */
    fsabi_block *blocks; /* NULL when no level changed: module is MOD itself */
    size_t nchanged;
} tail_level_choice;

/* Fills OUT from MOD: every block with lower levels (fsabi_module.tail_levels) takes
 * the lowest whose tail_mass is within BUDGET and whose max_runs is at most
 * TAIL_LEVEL_GAIN times its row's. The choice rests on the module and epsilon alone,
 * never on the trials, so each block's interval keeps its error budget. Returns 0,
 * or -1 when memory ran out (OUT then holds MOD unchanged). */
int tail_level_choose(const fsabi_module *mod, double budget, tail_level_choice *out);

void tail_level_choice_free(tail_level_choice *c);

#endif
