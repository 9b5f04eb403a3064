/* freqsys/bounds/loop_cfg.c: the CFG of one function as the loop proofs see it: edges, cycles, entries. */
/* SPDX-License-Identifier: MIT */
#include "loop_cfg.h"

#include <stdlib.h>
#include <string.h>

void loop_cfg_free(cfg *g) {
    ptr_map_free(&g->ids);
    free(g->cap_of);
    free(g->bbs);
    free(g->succ);
    free(g->sfirst);
    free(g->pred);
    free(g->pfirst);
    free(g->stack);
    free(g->fwd);
    free(g->bwd);
}

static int compares(LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b) {
    int sgn = loop_cfg_signed_pred(p);
    wide x = loop_cfg_int_value(a, sgn), y = loop_cfg_int_value(b, sgn);
    switch (p) {
    case LLVMIntEQ:
        return x == y;
    case LLVMIntNE:
        return x != y;
    case LLVMIntSLT:
    case LLVMIntULT:
        return x < y;
    case LLVMIntSLE:
    case LLVMIntULE:
        return x <= y;
    case LLVMIntSGT:
    case LLVMIntUGT:
        return x > y;
    default:
        return x >= y;
    }
}

/* Rule (constant tests): whether TERM can take its successor S. A conditional branch
 * on a constant, or on a comparison of two constants (a replaced scanf's count
 * against the count the program expects), takes one way only. */
static int taken(LLVMValueRef term, unsigned s) {
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term)) return 1;
    LLVMValueRef c = LLVMGetCondition(term);
    int value;
    if (LLVMIsAConstantInt(c))
        value = LLVMConstIntGetZExtValue(c) != 0;
    else if (LLVMIsAICmpInst(c) && LLVMIsAConstantInt(LLVMGetOperand(c, 0)) &&
             LLVMIsAConstantInt(LLVMGetOperand(c, 1)))
        value = compares(LLVMGetICmpPredicate(c), LLVMGetOperand(c, 0), LLVMGetOperand(c, 1));
    else
        return 1;
    return s == (value ? 0u : 1u);
}

int loop_cfg_build(LLVMValueRef fn, unsigned n, cfg *g) {
    g->n = n;
    g->bbs = calloc(n, sizeof *g->bbs);
    g->sfirst = calloc(n + 1, sizeof *g->sfirst);
    g->pfirst = calloc(n + 2, sizeof *g->pfirst);
    g->stack = calloc(n, sizeof *g->stack);
    g->fwd = calloc(n, 1);
    g->bwd = calloc(n, 1);
    if (!g->bbs || !g->sfirst || !g->pfirst || !g->stack || !g->fwd || !g->bwd) return -1;
    unsigned k = 0, edges = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && k < n;
         bb = LLVMGetNextBasicBlock(bb), k++) {
        g->bbs[k] = bb;
        if (ptr_map_put(&g->ids, bb, k) != 0) return -1;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (!term) return -2; /* malformed: no bounds, but no failure */
        edges += LLVMGetNumSuccessors(term);
    }
    if (!(g->cap_of = malloc(n * sizeof *g->cap_of))) return -1;
    for (k = 0; k < n; k++) g->cap_of[k] = -1;
    g->succ = calloc(edges + 1, sizeof *g->succ);
    g->pred = calloc(edges + 1, sizeof *g->pred);
    if (!g->succ || !g->pred) return -1;
    unsigned e = 0;
    for (k = 0; k < n; k++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[k]);
        g->sfirst[k] = e;
        for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++) {
            if (!taken(term, s)) continue;
            unsigned to = (unsigned)ptr_map_get(&g->ids, LLVMGetSuccessor(term, s));
            g->succ[e++] = to;
            g->pfirst[to + 2]++;
        }
    }
    g->sfirst[n] = e;
    for (k = 0; k < n; k++) g->pfirst[k + 2] += g->pfirst[k + 1];
    for (k = 0; k < n; k++)
        for (unsigned x = g->sfirst[k]; x < g->sfirst[k + 1]; x++) g->pred[g->pfirst[g->succ[x] + 1]++] = k;
    return 0;
}

/* MARK: the blocks of IN reachable from START along EDGES (successors or
 * predecessors) without leaving IN, START included. */
void loop_cfg_reach(const cfg *g, unsigned start, const unsigned char *in, const unsigned *edges,
                    const unsigned *first, unsigned char *mark) {
    memset(mark, 0, g->n);
    size_t top = 0;
    mark[start] = 1;
    g->stack[top++] = start;
    while (top) {
        unsigned x = g->stack[--top];
        for (unsigned e = first[x]; e < first[x + 1]; e++) {
            unsigned y = edges[e];
            if (in[y] && !mark[y]) {
                mark[y] = 1;
                g->stack[top++] = y;
            }
        }
    }
}

int loop_cfg_has_edge(const cfg *g, unsigned from, unsigned to) {
    for (unsigned e = g->sfirst[from]; e < g->sfirst[from + 1]; e++)
        if (g->succ[e] == to) return 1;
    return 0;
}

/* The loop's single entry: the one block of COMP entered from outside it (the
 * function's first block counts as entered). Returns its index, or -1. */
long loop_cfg_header_of(const cfg *g, const unsigned char *comp) {
    long h = -1;
    for (unsigned b = 0; b < g->n; b++) {
        if (!comp[b]) continue;
        int entered = b == 0;
        for (unsigned e = g->pfirst[b]; e < g->pfirst[b + 1] && !entered; e++) entered = !comp[g->pred[e]];
        if (!entered) continue;
        if (h >= 0) return -1;
        h = (long)b;
    }
    return h;
}

LLVMIntPredicate loop_cfg_swapped(LLVMIntPredicate p) {
    switch (p) {
    case LLVMIntSLT:
        return LLVMIntSGT;
    case LLVMIntSLE:
        return LLVMIntSGE;
    case LLVMIntSGT:
        return LLVMIntSLT;
    case LLVMIntSGE:
        return LLVMIntSLE;
    case LLVMIntULT:
        return LLVMIntUGT;
    case LLVMIntULE:
        return LLVMIntUGE;
    case LLVMIntUGT:
        return LLVMIntULT;
    case LLVMIntUGE:
        return LLVMIntULE;
    default:
        return p;
    }
}

LLVMIntPredicate loop_cfg_negated(LLVMIntPredicate p) {
    switch (p) {
    case LLVMIntSLT:
        return LLVMIntSGE;
    case LLVMIntSLE:
        return LLVMIntSGT;
    case LLVMIntSGT:
        return LLVMIntSLE;
    case LLVMIntSGE:
        return LLVMIntSLT;
    case LLVMIntULT:
        return LLVMIntUGE;
    case LLVMIntULE:
        return LLVMIntUGT;
    case LLVMIntUGT:
        return LLVMIntULE;
    case LLVMIntUGE:
        return LLVMIntULT;
    case LLVMIntEQ:
        return LLVMIntNE;
    case LLVMIntNE:
        return LLVMIntEQ;
    }
    return p;
}

wide loop_cfg_int_value(LLVMValueRef c, int is_signed) {
    return is_signed ? (wide)LLVMConstIntGetSExtValue(c) : (wide)LLVMConstIntGetZExtValue(c);
}

int loop_cfg_signed_pred(LLVMIntPredicate p) {
    return p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
}

/* The blocks of IN in one cycle with S: COMP (none when S is in no cycle). Returns their number. */
unsigned loop_cfg_cycle_of(cfg *g, unsigned s, const unsigned char *in, unsigned char *comp) {
    loop_cfg_reach(g, s, in, g->succ, g->sfirst, g->fwd);
    loop_cfg_reach(g, s, in, g->pred, g->pfirst, g->bwd);
    unsigned size = 0;
    for (unsigned c = 0; c < g->n; c++) {
        comp[c] = g->fwd[c] && g->bwd[c];
        size += comp[c];
    }
    if (size == 1 && !loop_cfg_has_edge(g, s, s)) {
        comp[s] = 0;
        size = 0;
    }
    return size;
}

/* INNER: the blocks of COMP in cycles that avoid its entry H. */
void loop_cfg_inner_cycles(cfg *g, unsigned h, unsigned char *comp, unsigned char *inner) {
    comp[h] = 0;
    memset(inner, 0, g->n);
    for (unsigned c = 0; c < g->n; c++) {
        if (!comp[c] || inner[c]) continue;
        loop_cfg_reach(g, c, comp, g->succ, g->sfirst, g->fwd);
        loop_cfg_reach(g, c, comp, g->pred, g->pfirst, g->bwd);
        unsigned k = 0;
        for (unsigned d = 0; d < g->n; d++) k += g->fwd[d] && g->bwd[d];
        if (k > 1 || loop_cfg_has_edge(g, c, c))
            for (unsigned d = 0; d < g->n; d++) inner[d] |= g->fwd[d] && g->bwd[d];
    }
    comp[h] = 1;
}
