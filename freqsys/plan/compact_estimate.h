/* freqsys/plan/compact_estimate.h: builds the compaction choice from a result and the sizes at -Oz and -O2. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COMPACT_ESTIMATE_H
#define FREQSYS_COMPACT_ESTIMATE_H

#include "code_size.h"
#include "compact.h"
#include "result.h"

/* One item per function of R that both builds (OZ, O2: measured with no inlining)
 * keep. A function's cycles per run at a level are estimated as executed IR
 * instructions, one cycle each: the sum over its -O0 blocks of mean x instruction
 * count, scaled by the function's IR instruction count after that level's pipeline
 * over its count at -O0. Then compact_choose. Returns 0, or -1 with a message in ERR. */
int compact_estimate(const result *r, const code_sizes *oz, const code_sizes *o2, const char *target,
                     double max_slowdown, compact_plan *p, char *err, size_t errlen);

#endif
