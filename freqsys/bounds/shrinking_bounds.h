/* freqsys/bounds/shrinking_bounds.h: a bound on loops that divide a variable until it is 0. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SHRINKING_BOUNDS_H
#define FREQSYS_SHRINKING_BOUNDS_H

#include "walk_bounds.h"

/* K, the most times loop L's way round can return to its header per entry when every
 * way round divides a local variable by 2 or more (or shifts it right, unsigned) and
 * crosses a test that leaves once it is 0: K is the variable's width in bits (the
 * rule and why it holds are in shrinking_bounds.c); -1 when L is not such a loop.
 * Can't fail. */
long long shrinking_bounds_trips(const walk_loop *l);

#endif
