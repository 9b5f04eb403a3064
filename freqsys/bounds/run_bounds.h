/* freqsys/bounds/run_bounds.h: proven upper bounds on each block's executions in one run. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_BOUNDS_H
#define FREQSYS_RUN_BOUNDS_H

#include <stdint.h>
#include <llvm-c/Core.h>
#include "counters.h"
#include "loop_bounds.h"

/* Fills MAX_RUNS (indexed like T's blocks) with the most times each block can run in
 * one run of ENTRY, after one of START (the program's constructors, which also
 * registers its destructors; NULL: none), FSABI_RUNS_UNBOUNDED where nothing is
 * proven. Per call, a block runs at most as loop_bounds says; a function runs at
 * most the sum, over its direct call sites and the sites that register it with
 * atexit (it runs once at the end for each), of their blocks' bounds (ENTRY and
 * START once more); a function whose address is taken otherwise, or that is reached
 * through recursion, is unbounded; a call that can return twice (setjmp) opens the
 * blocks a jump can land on, unless its landing runs once per call (docs/statistics.md).
 * GIVEN (NULL: nothing) adds what the spec states: bounded reads and loop caps as
 * loop_bounds_capped takes them, and `cap FUNCTION N`, under which no block of
 * FUNCTION runs more than N times per call. CAP_OF (NULL: not wanted; indexed like
 * MAX_RUNS) gets the index in GIVEN's caps of a cap a bounded block's bound rests on
 * (its own loop's or function's first, else one its function's calls rest on), -1
 * when the code alone proves it. Returns 0, or -1 when memory ran out (MAX_RUNS then
 * all unbounded). */
int run_bounds_prove(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                     bound_given *given, uint32_t *max_runs, int *cap_of);

/* Whether a call of CALLEE can return more than once (setjmp, vfork, getcontext, or
 * the returns_twice attribute). */
int run_bounds_returns_twice(LLVMValueRef callee);

#endif
