/* freqsys/bounds/euclid_bounds.h: a bound on loops that take Euclid's remainders, by Lamé's theorem. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EUCLID_BOUNDS_H
#define FREQSYS_EUCLID_BOUNDS_H

#include "halving_bounds.h"

/* K, the most times the test of loop L can pass per entry when each way round
 * replaces (x, r) by (r, x % r) and the test leaves once r is 0 (the rule and why it
 * holds are in euclid_bounds.c), with RANGE (given CTX) for the values r is set to
 * before the loop; -1 when L is not such a loop. Can't fail. */
long long euclid_bounds_trips(const walk_loop *l, halving_range range, void *ctx);

/* The most division steps Euclid's algorithm takes on any pair whose second member
 * is at most R in absolute value: the largest k with F(k + 1) <= R (F(1) = F(2) = 1),
 * 0 for R = 0. */
long long euclid_bounds_lame(unsigned long long r);

#endif
