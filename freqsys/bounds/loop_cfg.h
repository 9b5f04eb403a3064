/* freqsys/bounds/loop_cfg.h: the CFG of one function as the loop proofs see it: edges, cycles, entries. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_LOOP_CFG_H
#define FREQSYS_LOOP_CFG_H

#include <llvm-c/Core.h>
#include "loop_bounds.h"
#include "ptr_map.h"

#define LOOP_CFG_RANGING_DEPTH 4 /* counters whose ranges are being found, one inside another */

typedef __int128 wide; /* loop arithmetic on 64-bit values, with room to spare */

/* The CFG of one function, in compressed rows, with scratch marks. */
typedef struct cfg {
    unsigned n;
    LLVMBasicBlockRef *bbs;
    ptr_map ids;
    unsigned *succ, *sfirst, *pred, *pfirst, *stack;
    unsigned char *fwd, *bwd;
    bound_given *given;                           /* what the spec tells; NULL: nothing */
    int *cap_of;                                  /* [n]: the cap each block's bound rests on, -1 none */
    const struct shared_walks *walks;             /* shared_walks_find's, or NULL */
    LLVMValueRef ranging[LOOP_CFG_RANGING_DEPTH]; /* counters whose ranges are being found */
    unsigned nranging;
} cfg;

/* Builds G for FN's N blocks: the edges a branch can take (a branch on constants takes
 * one), in rows by block and by the block entered. Returns 0, -1 when memory ran out,
 * -2 when a block has no terminator (malformed: no bounds, but no failure). */
int loop_cfg_build(LLVMValueRef fn, unsigned n, cfg *g);

/* Frees what loop_cfg_build allocated in G (any part of it). Can't fail. */
void loop_cfg_free(cfg *g);

/* MARK: the blocks of IN reachable from START along EDGES (successors or
 * predecessors) without leaving IN, START included. */
void loop_cfg_reach(const cfg *g, unsigned start, const unsigned char *in, const unsigned *edges,
                    const unsigned *first, unsigned char *mark);

int loop_cfg_has_edge(const cfg *g, unsigned from, unsigned to);

/* The loop COMP's single entry: the one block entered from outside it (the
 * function's first block counts as entered). Returns its index, or -1. */
long loop_cfg_header_of(const cfg *g, const unsigned char *comp);

/* COMP: the blocks of IN in one cycle with S (none when S is in no cycle). Returns their
 * number. Uses G's scratch marks. */
unsigned loop_cfg_cycle_of(cfg *g, unsigned s, const unsigned char *in, unsigned char *comp);

/* INNER: the blocks of COMP in cycles that avoid its entry H. Uses G's scratch marks. */
void loop_cfg_inner_cycles(cfg *g, unsigned h, unsigned char *comp, unsigned char *inner);

/* P with its operands swapped (a < b is b > a), and negated (not a < b is a >= b). */
LLVMIntPredicate loop_cfg_swapped(LLVMIntPredicate p);
LLVMIntPredicate loop_cfg_negated(LLVMIntPredicate p);

/* Whether P compares as signed. */
int loop_cfg_signed_pred(LLVMIntPredicate p);

/* The constant C read as signed (IS_SIGNED) or unsigned. */
wide loop_cfg_int_value(LLVMValueRef c, int is_signed);

#endif
