/* harness/count_limits.h: the most one run may count of each block under the caps and the proofs, and what a
 * larger count contradicts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COUNT_LIMITS_H
#define FREQSYS_COUNT_LIMITS_H

#include <stdint.h>
#include "runner_types.h"

/* What a count past a block's limit contradicts (bits of count_limits_broken). */
#define COUNT_LIMITS_CAP    1u /* the cap on every block: --cap N or the spec's `cap N` */
#define COUNT_LIMITS_NAMED  2u /* the spec's cap the block's bound rests on (fsabi_block.bound_from) */
#define COUNT_LIMITS_PROVEN 4u /* the bound the transform proved with no cap: a defect */

/* A run here is what a counter holds after one call of program.run_trial: a trial
 * under plain sampling (all its counted calls with `calls`), one run of a replicate
 * under the others. Blocks only: a path or a block in a context never counts more
 * than its blocks, so the blocks' counts show whatever contradicts their bounds. */
typedef struct count_limits {
    uint64_t *most;   /* [ncounters]: the most one run may count under every cap and
                       * proof; UINT64_MAX: anything (not a block, or nothing bounds it) */
    uint64_t *proven; /* [ncounters]: the most the proofs alone allow (a bound with no
                       * cap and no tail); UINT64_MAX: none */
} count_limits;

/* OUT's limits for CFG's module, its cap (cfg->stop.cap, per run) and proofs; a bound
 * that holds but in a tail of the inputs (tail_mass > 0) allows any count. Returns 0,
 * or -1 when memory ran out (OUT then holds nothing). */
int count_limits_make(const runner_config *cfg, count_limits *out);

void count_limits_free(count_limits *l);

/* What COUNT executions of counter J in one run contradict under CFG: COUNT_LIMITS_*
 * bits, 0 for none (or J not a block). Can't fail. */
unsigned count_limits_broken(const runner_config *cfg, uint64_t j, uint64_t count);

/* The spec's cap, as written after `cap`, that counter J's bound rests on: its
 * block's bound_from, a path's rarest block's, a block's in a context that block's;
 * NULL when none does. Can't fail. */
const char *count_limits_cap_of(const fsabi_module *mod, uint64_t j);

#endif
