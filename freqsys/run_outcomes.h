/* freqsys/run_outcomes.h: how a run's trials ended, as the result's outcomes with their shares and intervals. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_OUTCOMES_H
#define FREQSYS_RUN_OUTCOMES_H

#include "report/result.h"
#include "runner.h"

/* Fills R->outcomes from RR: returned, each exit status, abort, each signal,
 * timeout, input error (only those that happened), each with its share of
 * RR->trials and the two-sided Clopper-Pearson interval at CONFIDENCE. Returns 0,
 * or -1 when memory ran out. */
int run_outcomes_fill(result *r, const runner_result *rr, double confidence);

#endif
