/* freqsys/run/run_result.h: a run's result from the runner's moments and verdicts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_RESULT_H
#define FREQSYS_RUN_RESULT_H

#include <stddef.h>
#include "enumerate.h"
#include "result.h"
#include "runner.h"
#include "runtime_table.h"
#include "spec.h"

/* The result of the run RR of CFG's module under spec S (named SPEC_PATH): its
 * settings, outcomes, blocks, functions and MMIO writes, per call. NULL when memory
 * ran out. The features add theirs (run_features.c). */
result *run_result_make(const spec *s, const char *spec_path, const runner_config *cfg,
                        const runner_result *rr);

/* --paths: each path's estimate, hashed paths, each function's path count; per call
 * (divided by PER, the counted calls of a trial). Returns 0, or -1 out of memory. */
int run_result_paths(result *r, const runner_config *cfg, const runner_result *rr, double per);
/* --contexts: every calling context's blocks, per call (and per run of a replicate).
 * Returns as run_result_paths. */
int run_result_contexts(result *r, const runner_config *cfg, const runner_result *rr, double per);
/* --sensitivity: every block's derivative for every scored parameter (per call), and
 * the parameters without one. Returns as run_result_paths. */
int run_result_sensitivities(result *r, const runtime_table *rt, const runner_config *cfg,
                             const runner_result *rr, double per);

/* The moments and verdicts of an enumeration EN over NCOUNTERS counters into RR:
 * every count exact (half-width 0), its probability of running in p_upper. Returns
 * 0, or -1 out of memory; free RR's moments and verdicts. */
int run_result_enumeration_runs(const enumerate_result *en, size_t ncounters, runner_result *rr);
/* Marks R, made from those, as enumerated: blocks exact, runs the combinations. */
void run_result_enumerated(result *r, const enumerate_result *en);

#endif
