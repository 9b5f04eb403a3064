/* freqsys/plan/knapsack.h: the exact 0/1 knapsack: the most value within a size budget. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_KNAPSACK_H
#define FREQSYS_KNAPSACK_H

#include <stddef.h>
#include <stdint.h>

/* Chooses a subset of the N items (SIZE[i] bytes, VALUE[i] >= 0) whose sizes add up to
 * at most BUDGET and whose values add up to the most possible, exactly (no greedy
 * shortcut). Sets CHOSEN[i] to 1 or 0 and returns the optimum's value. Sizes are
 * divided by their greatest common divisor and a dynamic programme over the budget
 * is used while it fits in memory (only items no larger than BUDGET enter it, so an
 * oversize item is never chosen); beyond that, a depth-first branch and bound with
 * the fractional relaxation as its bound, which is exact too. Returns -1 when
 * memory ran out (CHOSEN is then undefined). */
double knapsack_solve(const uint64_t *size, const double *value, size_t n, uint64_t budget, int *chosen);

#endif
