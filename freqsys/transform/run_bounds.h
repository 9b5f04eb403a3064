/* freqsys/transform/run_bounds.h: proven upper bounds on each block's executions in one run. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_BOUNDS_H
#define FREQSYS_RUN_BOUNDS_H

#include <stdint.h>
#include <llvm-c/Core.h>
#include "counters.h"

/* Fills MAX_RUNS (indexed like T's blocks) with the most times each block can run in
 * one run of ENTRY, FSABI_RUNS_UNBOUNDED where nothing is proven. Per call, a block
 * runs at most as loop_bounds says; a function runs at most the sum,
 * over its direct call sites, of their blocks' bounds (the entry once more); a
 * function whose address is taken, or that is reached through recursion, is
 * unbounded; anything that can return twice (setjmp) makes everything unbounded.
 * Returns 0, or -1 when memory ran out (MAX_RUNS then all unbounded). */
int run_bounds_prove(LLVMModuleRef m, LLVMValueRef entry, const counter_table *t, uint32_t *max_runs);

/* Whether a call of CALLEE can return more than once (setjmp, vfork, getcontext, or
 * the returns_twice attribute). */
int run_bounds_returns_twice(LLVMValueRef callee);

#endif
