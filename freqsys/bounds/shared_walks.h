/* freqsys/bounds/shared_walks.h: bounds on loops that share one pointer's or index's walk through a string
 * or char array. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SHARED_WALKS_H
#define FREQSYS_SHARED_WALKS_H

#include "loop_cfg.h"

/* One pointer's (or index's) walk through a string or a char array, shared by any loops. */
typedef struct shared_walk {
    long long steps;         /* the most steps that can follow a start */
    int once;                /* the pointer is set once a call, before any step */
    unsigned char *starts;   /* [n] the blocks that set it to its start */
    unsigned char *stepless; /* [n] blocks on a cycle that, for some byte, takes no step nor start */
} shared_walk;

typedef struct shared_walks {
    shared_walk *walks;
    size_t n;
    unsigned nblocks;
} shared_walks;

/* Rule (shared walks): finds in G's function every pointer or index, kept in a local
 * variable, that is set to a constant place in a drawn string argument or a local
 * char array and otherwise only stepped forward by a few bytes, no step of a string's
 * walk (or an index's) passing the NUL (a pointer cannot step past an array's end).
 * The walk
 * may be shared by many loops, nested or one after another (a tokenizer's `while
 * (*p)` and its inner `while (is_digit(*p)) p++`): all of them together take at most
 * STEPS steps after each start. The conditions and why they suffice are in
 * shared_walks.c. Returns 0, or -1 when memory ran out (OUT then empty). */
int shared_walks_find(const cfg *g, shared_walks *out);

/* The most passes per entry of the loop COMP headed by H that a walk of W proves: no
 * start of the walk inside the loop, and every way round takes a step. -1: none. */
long long shared_walks_passes(const shared_walks *w, const unsigned char *comp, unsigned h);

/* Lowers PER_CALL[b] (G's blocks' bounds per call, CAP_OF[b] the cap each rests on)
 * where a walk of W bounds block b: every way from b back to b takes a step or a
 * start, so b runs at most STEPS + 1 times after each start; the walk's starts run at
 * most their own bounds' sum times a call (once, for a walk set once a call), and b
 * must not run before the first (every way from the entry to it passes a start). A
 * bound lowered rests on no cap; none is lowered from starts whose bounds rest on one. */
void shared_walks_lower(const shared_walks *w, const cfg *g, uint64_t *per_call, int *cap_of);

void shared_walks_free(shared_walks *w);

#endif
