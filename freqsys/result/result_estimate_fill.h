/* freqsys/result/result_estimate_fill.h: a result entry's estimate from what the stopping rule counted and
 * decided. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RESULT_ESTIMATE_FILL_H
#define FREQSYS_RESULT_ESTIMATE_FILL_H

#include "result.h"
#include "stop_rule.h"
#include "tally.h"

/* Fills E from one entry's moments M and verdict V (a block, a path, a block in a
 * context), per call or per run: the mean, spread, half-width, range and MAX_RUNS (the
 * most executions per run proven for the entry; INFINITY or NAN: none) are divided by
 * PER, the calls counted per trial (1 in program mode), an exact change of units; the
 * extremes and hits stay a trial's. Returns 0, or -1 when memory ran out (what was
 * made is E's, for result_estimate_free). */
int result_estimate_fill(result_estimate *e, const tally_moments *m, const block_verdict *v, double max_runs,
                         double per);

/* Makes E, filled per call (PER calls a run) from replicate totals M of RUNS runs,
 * a run's: the mean, half-width and range are divided by RUNS; the spread, extremes
 * and hits become those of the runs themselves (RUN). Can't fail. */
void result_estimate_per_run(result_estimate *e, const tally_moments *m, const tally_moments *run,
                             uint32_t runs, double per);

#endif
