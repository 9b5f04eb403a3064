/* freqsys/plan/block_freq.h: how often each block of an optimised function runs, from its profile metadata.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BLOCK_FREQ_H
#define FREQSYS_BLOCK_FREQ_H

#include <stddef.h>
#include <llvm-c/Core.h>

/* Expected executions per run of each block of F, in the order of its blocks, into
 * RUNS (LLVMCountBasicBlocks(F) entries): F's entry count (its `function_entry_count`)
 * divided by SCALE flows along the edges in proportion to the terminators'
 * `branch_weights` (evenly where a terminator has none), and the flow equations
 * x = entry + P^T x are solved exactly (LU decomposition). A function without an
 * entry count, or whose equations are singular (a loop the weights never leave),
 * gets zeros. Returns 0, or -1 when memory ran out. */
int block_freq_solve(LLVMValueRef f, double scale, double *runs);

/* The same with ENTRIES (expected entries per run) in place of the entry count: for a
 * part outlined without one, whose entries are its callers' calls. */
int block_freq_solve_entries(LLVMValueRef f, double entries, double *runs);

#endif
