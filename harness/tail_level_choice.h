/* harness/tail_level_choice.h: each block's tail level chosen for the run's epsilon. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TAIL_LEVEL_CHOICE_H
#define FREQSYS_TAIL_LEVEL_CHOICE_H

#include <stddef.h>
#include "freqsys/abi.h"
#include "runner_types.h"
#include "stop_rule.h"

/* The share of epsilon a chosen level's tail may take: the slack it adds to every
 * half-width, so a block the normal interval settles needs 1 / (1 - share)^2 times
 * the trials. */
#define TAIL_EPSILON_SHARE 0.05
/* A lower level is taken only at this fraction of the row's or below: where the far
 * level is far above the counts (a heavy tail), which a range-based interval pays
 * for, and not where the normal interval settles the block anyway and the slack only
 * costs (a loop of geometric(0.02) trips: 343 against 1,063). */
#define TAIL_LEVEL_GAIN 0.1

/* The most a chosen level's tail may add to a block's mean under P: the share of
 * epsilon, or under a relative epsilon of what the rule's epsilon is at least (the
 * floor over 1 + epsilon); 0 when epsilon is relative with no floor. */
double tail_level_budget(const stop_params *p);

/* A module whose blocks take their tail levels for the run. */
typedef struct tail_level_choice {
    fsabi_module module; /* MOD's descriptor, with blocks pointing at the copy below */
    fsabi_block *blocks; /* NULL when no level changed: module is MOD itself */
    size_t nchanged;
} tail_level_choice;

/* Fills OUT from MOD: every block with lower levels (fsabi_module.tail_levels) takes
 * the lowest whose tail_mass is within its budget and whose max_runs is at most
 * TAIL_LEVEL_GAIN times its row's; block j's budget is the larger of BUDGET and
 * BUDGETS[j] (BUDGETS NULL: BUDGET alone). The choice rests on the module, epsilon
 * and what the caller drew apart from the run, never on the run's trials, so each
 * block's interval keeps its error budget. Returns 0, or -1 when memory ran out
 * (OUT then holds MOD unchanged). */
int tail_level_choose(const fsabi_module *mod, double budget, const double *budgets, tail_level_choice *out);

/* Trials the pilot of a relative epsilon runs, on streams of their own. */
#define TAIL_PILOT_TRIALS 200

/* Under a relative epsilon each block's epsilon is a share of its mean, which the
 * module cannot know: a pilot of TAIL_PILOT_TRIALS plain trials of BASE, on streams
 * the run never uses (a function of the seed), estimates it. BUDGETS[j] (nblocks)
 * gets TAIL_EPSILON_SHARE of the epsilon a mean three standard errors below the
 * pilot's would have (0 when that is not above 0). Returns 0; 1 when a stop was
 * asked for (stop_request.h) or the time limit BASE shares with the run was
 * reached, and BUDGETS are not filled; or -1 with ERR. */
int tail_level_pilot(const runner_config *base, double *budgets, char *err, size_t errlen);

void tail_level_choice_free(tail_level_choice *c);

#endif
