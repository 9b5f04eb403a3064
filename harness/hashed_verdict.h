/* harness/hashed_verdict.h: the stopping rule for a hashed path: settled only on a proven bound, never when
 * counts were lost. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_HASHED_VERDICT_H
#define FREQSYS_HASHED_VERDICT_H

#include <stdint.h>
#include "freqsys/abi.h"
#include "path_tallies.h"
#include "stop_rule.h"

/* What kept a hashed path's verdict open (bits of hashed_verdict_judge's answer). */
#define HASHED_NO_BOUND   1u /* no proven bound on its runs per run */
#define HASHED_INCOMPLETE 2u /* its function lost counts to a full per-trial table */

/* Judges moments M of a hashed path that runs at most BOUND times per run (proven;
 * INFINITY when nothing is), whose function lost counts in LOST trials; under
 * variance reduction M is of replicate totals of RUNS runs, judged at RUNS times
 * every absolute amount of P and the bound, as a block's (RUNS 1: plain trials).
 * The rule's verdict stands when it rests on the proof; one resting on the trials'
 * own moments or on a cap gives way to the empirical Bernstein interval on [0,
 * BOUND], which rests on the proof alone; with no proof, or with counts lost, the
 * path is not converged. Returns the HASHED_* reasons that opened it (0 when none).
 * Can't fail. */
unsigned hashed_verdict_judge(const stop_params *p, const tally_moments *m, double bound, uint64_t lost,
                              uint32_t runs, block_verdict *v);

/* The bound the harness knows for every path of function F: its path starts
 * (fsabi_path_function.max_starts), INFINITY when unproven. */
double hashed_verdict_starts(const fsabi_module *mod, uint32_t f);

/* Whether every hashed path in H that can settle (a proven bound, no counts lost)
 * has, over VALID trials (replicates of RUNS runs), judged with its function's path
 * starts as its bound: the run waits for those. Can't fail. */
int hashed_verdict_settled(const fsabi_module *mod, const stop_params *p, const path_tallies *h,
                           uint64_t valid, uint32_t runs);

#endif
