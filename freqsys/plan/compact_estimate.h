/* freqsys/plan/compact_estimate.h: builds the compaction choice from a result and the sizes at -Oz and -O2.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COMPACT_ESTIMATE_H
#define FREQSYS_COMPACT_ESTIMATE_H

#include "code_size.h"
#include "compact.h"
#include "result.h"

/* One item per function of R that both builds (OZ, O2: measured with no inlining)
 * keep, or, when both were measured with a profile, per part both keep. A part's
 * cycles per run at a level are the target's: the sum over its machine blocks of runs
 * x (llvm-mca's cycles + FLASH_WAIT x bytes / PLAN_FETCH_BYTES), code run from flash.
 * Without parts they are executed IR instructions, one cycle each: the sum over the
 * -O0 blocks of mean x instruction count, scaled by the function's IR instruction
 * count after that level's pipeline over its count at -O0; that older estimate is
 * kept for every function as ir_cycles_oz and ir_cycles_o2 for comparison. Then
 * compact_choose. Returns 0, or -1 with a message in ERR. */
int compact_estimate(const result *r, code_sizes *oz, code_sizes *o2, const char *target, unsigned flash_wait,
                     double max_slowdown, compact_plan *p, char *err, size_t errlen);

#endif
