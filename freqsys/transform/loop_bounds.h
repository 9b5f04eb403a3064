/* freqsys/transform/loop_bounds.h: how often each block of a function can run per call, from its loops. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_LOOP_BOUNDS_H
#define FREQSYS_LOOP_BOUNDS_H

#include <stdint.h>
#include <llvm-c/Core.h>

#define LOOP_BOUNDS_UNBOUNDED UINT64_MAX

/* Fills PER_CALL[b] (FN's NB blocks, in order) with the most times block b can run in
 * one call of FN, LOOP_BOUNDS_UNBOUNDED where nothing is proven. A block in no cycle
 * runs at most once. A cycle (a strongly connected part of the CFG) is bounded when
 * it is a counted loop as clang -O0 writes one: a single entry block H that tests a
 * local variable v against a constant, v kept in an alloca used only by loads and
 * stores, every store to v a constant or v plus a constant step of one sign, and no
 * way round the loop that skips a step. H then runs at most K + 1 times per entry
 * (K the values v can take between the smallest constant stored and the limit),
 * and everything inside at most that often, times the bounds of inner loops, found
 * the same way with H set aside. Reading v uninitialised is undefined in C and
 * assumed not to happen. A block from which no return and no call can be reached
 * gets 0: a run that reaches it never ends, and only runs that end are counted.
 * Returns 0, or -1 when memory ran out (all unbounded). */
int loop_bounds(LLVMValueRef fn, unsigned nb, uint64_t *per_call);

#endif
