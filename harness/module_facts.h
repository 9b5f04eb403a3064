/* harness/module_facts.h: the static facts the stopping rule takes from an instrumented module. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODULE_FACTS_H
#define FREQSYS_MODULE_FACTS_H

#include <stdint.h>
#include "freqsys/abi.h"

/* The static facts the stopping rule takes for block B (STOP_FACT_* bits from the
 * FSABI_BLOCK_* flags the transform proved). Can't fail. */
unsigned runner_block_facts(const fsabi_block *b);

/* The most times block B can run per run, as the transform proved it; INFINITY when
 * nothing is proven. */
double runner_block_max_runs(const fsabi_block *b);

/* The same for path P: the fewest runs of any of its blocks. */
/* The most times the block that context counter K (from the start of the context
 * counters) counts can run in its context per run: the block's own bound, or the
 * context's entries times the block's bound per call where that is smaller;
 * INFINITY when nothing is proven. */
double runner_context_max_runs(const fsabi_module *mod, uint64_t k);
double runner_path_max_runs(const fsabi_path *p);

/* The number of blocks whose error budget a simultaneous guarantee must share: every
 * block but those proven to run exactly once (their value is exact). Can't fail. */
uint64_t runner_family_size(const fsabi_module *mod);

#endif
