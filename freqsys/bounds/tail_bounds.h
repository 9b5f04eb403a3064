/* freqsys/bounds/tail_bounds.h: bounds that hold outside a far tail of the spec's distributions. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TAIL_BOUNDS_H
#define FREQSYS_TAIL_BOUNDS_H

#include <stdint.h>
#include <llvm-c/Core.h>
#include "freqsys/abi.h"
#include "counters.h"
#include "loop_bounds.h"

/* The most a block's tail may add to its mean: small beside any epsilon or floor a
 * spec states, so the interval it widens stays useful. */
#define TAIL_MASS_MAX 1e-6

/* The largest tail a lower level may keep: beyond any epsilon worth a run. */
#define LADDER_TAIL_MAX 1e3

/* The lower levels of the blocks a tail bounds, for an epsilon that allows a larger
 * tail (fsabi_tail_level): by block, then max_runs rising and tail_mass falling. */
typedef struct tail_ladder {
    fsabi_tail_level *v;
    size_t n, cap;
} tail_ladder;

/* For each block j of T with MAX_RUNS[j] unbounded (as run_bounds_prove left it, for
 * runs of ENTRY after START)
 * whose bound follows from reads of unbounded declared distributions (poisson(3),
 * geometric, normal ...): proves the block with each such read held to a range
 * [lo, hi] and widens the range step by step. Where a level L_j is found such that
 * E[(C_j - L_j)^+] <= TAIL_MASS_MAX (C_j the block's count in one run; the expectation
 * over the declared distributions), sets MAX_RUNS[j] = L_j and TAIL[j] to that
 * bound on E[(C_j - L_j)^+]; elsewhere TAIL[j] = 0. Then min(C_j, L_j) lies in
 * [0, L_j], and E[C_j] lies between its mean and that mean + TAIL[j].
 * The argument (docs/statistics.md, "Bounds from the spec's tails"): with every
 * draw of the held reads in the ranges of level k, C_j <= B_k (the proof's bound);
 * a run leaves them with probability at most P_k = sum over held sites of (most
 * draws there per run) x P(one draw leaves its range), so
 *   E[(C_j - L)^+] <= sum_k P_k (B_{k+1} - L) + P_K 2^64
 * for levels k from the one of L to the last proven one K (a counter holds less than
 * 2^64). Only sites served by one distribution, with an accurate tail
 * (dist_survival), read at most a proven number of times per run, are held.
 * CAP_OF (indexed like MAX_RUNS; NULL: not wanted) gets the cap a level's proof
 * rests on for the blocks it bounds. LADDER (NULL: not wanted) gets, for each block
 * given a level resting on no cap, every lower level whose tail is smaller than all
 * lower ones' (none with a tail past LADDER_TAIL_MAX). Returns 0, or -1 when memory ran out (then
 * nothing changed). */
int tail_bounds_prove(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                      bound_given *given, uint32_t *max_runs, double *tail, int *cap_of, tail_ladder *ladder);

void tail_ladder_free(tail_ladder *l);

#endif
