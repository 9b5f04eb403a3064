/* harness/progress.h: the progress line and its ETA on stderr, and the warning that the target is out of the
 * budget's reach. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PROGRESS_H
#define FREQSYS_PROGRESS_H

#include <stdint.h>
#include <stdio.h>
#include "freqsys/abi.h"
#include "stop_rule.h"

/* Where a run stands, as the progress output shows it. */
typedef struct progress_view {
    const fsabi_module *mod;
    const block_verdict *verdicts; /* [mod->nblocks] at least */
    uint64_t trials;               /* merged */
    uint64_t max_trials;
    double seconds;   /* since the run started */
    int mode;         /* 1 a line redrawn (a terminal), 2 a line each time (a log) */
    const char *slow; /* NULL, or where a trial that runs long is ("trial 12: 4.2 s
                       * in main while.body (a.c:8)"), shown instead of the ETA */
    const char *held; /* NULL, or the block whose quantile holds the run once every mean
                       * settled ("main for.body"), shown instead of an ETA of 0 */
} progress_view;

/* How often the progress is shown in MODE, in seconds. */
double progress_every_s(int mode);

/* The trials per second, the blocks settled, the ETA of the slowest open block, on
 * OUT; FINAL ends a redrawn line. */
void progress_print(FILE *out, const progress_view *v, int final);

/* When open block FIRST_OPEN, from 1,000 trials on, needs more trials than the
 * budget, names it with that estimate on OUT and returns 1 (say it once per run,
 * so an impossible target is said at once, not after the whole budget); else 0. */
int progress_warn_budget(FILE *out, const progress_view *v, uint64_t first_open);

#endif
