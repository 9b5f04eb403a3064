/* freqsys/bounds/counted_loops.h: counted loops: exit tests on a variable against a limit, and the ranges
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

/* Rule (loops entered at several blocks): a cycle COMP that no one block enters (a
 * `switch` into a `do ... while`, Duff's device) is bounded at a block X of COMP whose
 * exit test is a counted loop's when X is taken for its entry: every way round from X
 * to X crosses a step, every way into COMP finds the counter set, and cycles that
 * avoid X are inner loops. An entry runs a way to X, then X and a way back to X or out
 * after each run of X, the last way out crossing no block of COMP when X's branch
 * leaves COMP at once. So X runs at most K + 1 times per entry, and every other block
 * of COMP outside those inner cycles (and each inner cycle's entries) at most REST:
 * K + 1, or K + 2 when the last way out can cross blocks of COMP. Returns K, with X in
 * CUT, the least over such X among the first exit tests (a few dozen: each costs a
 * search for inner cycles); -1 when there is none. INNER is scratch. Uses G's scratch
 * marks; can't fail. */
wide counted_loops_cut(cfg *g, unsigned char *comp, unsigned char *inner, unsigned *cut, wide *rest);

/* Rule (bytes read, summed): the most times H's own test can pass in one call, over
 * all entries, when it is `v + a < n` (a >= 0; v counted up from 0 or more in steps
 * of at least 1; read signed unless n is only fread's, which is never negative), n a
 * variable stored, outside the loop only, the result of a block read of standard
 * input (walk_bounds_block_read) made in the store's block, so that each store keeps
 * a result of its own, and every way into the loop, traced back, meets
 * such a store before it meets the loop: each entry then passes at most max(r, 0)
 * times for a result r no other entry sees, and the results that are more than 0
 * sum to at most the bytes standard input holds (over the least item size), as each
 * took that many and nothing gives bytes back. -1 when not such a loop. Can't fail. */
wide counted_loops_summed(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner);

/* A halving_range (halving_bounds.h) on the cfg CTX: the least and greatest value of X,
 * read as signed. 0, or -1 when either is unknown. */
int counted_loops_range(void *ctx, LLVMValueRef x, long long *lo, long long *hi);

#endif
