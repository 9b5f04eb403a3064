/* freqsys/bounds/halving_bounds.h: a bound on loops that halve an interval, as binary search does. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_HALVING_BOUNDS_H
#define FREQSYS_HALVING_BOUNDS_H

#include <llvm-c/Core.h>
#include "walk_bounds.h"

/* The least and greatest value of X, read as signed: 0, or -1 when either is unknown. */
typedef int (*halving_range)(void *ctx, LLVMValueRef x, long long *lo, long long *hi);

/* K, the most times the test of loop L can pass per entry when L halves an interval
 * [lo, hi] each way round (the rule and why it holds are in halving_bounds.c), with
 * RANGE (given CTX) for the values lo and hi are set to before the loop; -1 when L is
 * not such a loop. Can't fail. */
long long halving_bounds_trips(const walk_loop *l, halving_range range, void *ctx);

#endif
