/* freqsys/result/run_outcomes.h: how a run's trials ended, as the result's outcomes (shares and intervals)
 * and crash sites. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_OUTCOMES_H
#define FREQSYS_RUN_OUTCOMES_H

#include "report/result.h"
#include "runner.h"

/* Fills R->outcomes from RR: returned, each exit status, past a cap, past a proven
 * bound, abort, each signal, timeout, input error (only those that happened), each
 * with its share of RR->trials and the two-sided Clopper-Pearson interval at
 * CONFIDENCE. Returns 0, or -1 when memory ran out. */
int run_outcomes_fill(result *r, const runner_result *rr, double confidence);

/* Fills R->crash_sites from RR's, naming each block of MOD; FILE_OF(path, CTX)
 * gives a block's file as the result writes it (a new string). Returns 0, or -1
 * when memory ran out. */
int run_crash_sites_fill(result *r, const fsabi_module *mod, const runner_result *rr,
                         char *(*file_of)(const char *path, void *ctx), void *ctx);

#endif
