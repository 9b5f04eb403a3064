/* freqsys/transform/counted_loops.h: counted loops: exit tests on a variable against a limit, and the ranges
 * of values they rest on. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COUNTED_LOOPS_H
#define FREQSYS_COUNTED_LOOPS_H

#include "loop_cfg.h"

/* K, the most times the loop COMP with entry H can go round per entry (the fewest any of
 * its exit tests allows); -1 when it is not a counted loop. INNER marks the blocks of
 * COMP in cycles that avoid H. BUDGET: what the ranges may spend; NULL: a fresh budget
 * per test. AT_HEADER (NULL: not wanted) gets whether K is H's own test's, with its
 * way out leaving COMP at once: then no other block of COMP runs without a pass of that
 * test. The rules, what they need and why they suffice are in counted_loops.c. Uses
 * G's scratch marks; can't fail (memory running out proves nothing). */
wide counted_loops_trips(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner,
                         unsigned *budget, int *at_header);

/* A halving_range (halving_bounds.h) on the cfg CTX: the least and greatest value of X,
 * read as signed. 0, or -1 when either is unknown. */
int counted_loops_range(void *ctx, LLVMValueRef x, long long *lo, long long *hi);

#endif
