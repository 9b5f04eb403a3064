/* freqsys/transform/loop_bounds.c: how often each block of a function can run per call, from its loops. */
/* SPDX-License-Identifier: MIT */
#include "loop_bounds.h"

#include <stdlib.h>
#include <string.h>
#include "ptr_map.h"

#define LOOP_MAX_BLOCKS 4096          /* finding the cycles is quadratic in the blocks */
#define TRIPS_MAX ((__int128)1 << 31) /* more trips than this are left unbounded */

typedef __int128 wide;   /* loop arithmetic on 64-bit values, with room to spare */

/* The CFG of one function, in compressed rows, with scratch marks. */
typedef struct cfg {
    unsigned n;
    LLVMBasicBlockRef *bbs;
    ptr_map ids;
    unsigned *succ, *sfirst, *pred, *pfirst, *stack;
    unsigned char *fwd, *bwd;
} cfg;

static void cfg_free(cfg *g) {
    ptr_map_free(&g->ids);
    free(g->bbs); free(g->succ); free(g->sfirst); free(g->pred); free(g->pfirst); free(g->stack);
    free(g->fwd); free(g->bwd);
}

static int cfg_build(LLVMValueRef fn, unsigned n, cfg *g) {
    g->n = n;
    g->bbs = calloc(n, sizeof *g->bbs);
    g->sfirst = calloc(n + 1, sizeof *g->sfirst);
    g->pfirst = calloc(n + 2, sizeof *g->pfirst);
    g->stack = calloc(n, sizeof *g->stack);
    g->fwd = calloc(n, 1);
    g->bwd = calloc(n, 1);
    if (!g->bbs || !g->sfirst || !g->pfirst || !g->stack || !g->fwd || !g->bwd) return -1;
    unsigned k = 0, edges = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && k < n; bb = LLVMGetNextBasicBlock(bb), k++) {
        g->bbs[k] = bb;
        if (ptr_map_put(&g->ids, bb, k) != 0) return -1;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (!term) return -2;    /* malformed: no bounds, but no failure */
        edges += LLVMGetNumSuccessors(term);
    }
    g->succ = calloc(edges + 1, sizeof *g->succ);
    g->pred = calloc(edges + 1, sizeof *g->pred);
    if (!g->succ || !g->pred) return -1;
    unsigned e = 0;
    for (k = 0; k < n; k++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[k]);
        g->sfirst[k] = e;
        for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++) {
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
static void reach(const cfg *g, unsigned start, const unsigned char *in, const unsigned *edges,
                  const unsigned *first, unsigned char *mark) {
    memset(mark, 0, g->n);
    size_t top = 0;
    mark[start] = 1;
    g->stack[top++] = start;
    while (top) {
        unsigned x = g->stack[--top];
        for (unsigned e = first[x]; e < first[x + 1]; e++) {
            unsigned y = edges[e];
            if (in[y] && !mark[y]) { mark[y] = 1; g->stack[top++] = y; }
        }
    }
}

static int has_edge(const cfg *g, unsigned from, unsigned to) {
    for (unsigned e = g->sfirst[from]; e < g->sfirst[from + 1]; e++)
        if (g->succ[e] == to) return 1;
    return 0;
}

/* The loop's single entry: the one block of COMP entered from outside it (the
 * function's first block counts as entered). Returns its index, or -1. */
static long header_of(const cfg *g, const unsigned char *comp) {
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

/* ---- the counted loop ---- */

static LLVMIntPredicate swapped(LLVMIntPredicate p) {
    switch (p) {
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSLE: return LLVMIntSGE;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSGE: return LLVMIntSLE;
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntUGE: return LLVMIntULE;
    default: return p;
    }
}

static LLVMIntPredicate negated(LLVMIntPredicate p) {
    switch (p) {
    case LLVMIntSLT: return LLVMIntSGE;
    case LLVMIntSLE: return LLVMIntSGT;
    case LLVMIntSGT: return LLVMIntSLE;
    case LLVMIntSGE: return LLVMIntSLT;
    case LLVMIntULT: return LLVMIntUGE;
    case LLVMIntULE: return LLVMIntUGT;
    case LLVMIntUGT: return LLVMIntULE;
    case LLVMIntUGE: return LLVMIntULT;
    case LLVMIntEQ: return LLVMIntNE;
    case LLVMIntNE: return LLVMIntEQ;
    }
    return p;
}

/* What the loop's test says and what the stores to its variable do. */
typedef struct counter_var {
    LLVMValueRef var;            /* the alloca */
    int is_signed;               /* how the variable's values are read */
    wide lo, hi;                 /* the range of its type, so read */
    int rising;                  /* the loop goes on while v < limit (else v > limit) */
    wide limit;
    int constants;               /* constant stores seen (outside the loop) */
    wide first;                  /* the smallest (rising) or largest constant stored */
    wide step_min, step_max;     /* |steps| of the stores inside the loop */
    unsigned nsteps;             /* blocks holding a step */
} counter_var;

static wide int_value(LLVMValueRef c, int is_signed) {
    return is_signed ? (wide)LLVMConstIntGetSExtValue(c) : (wide)LLVMConstIntGetZExtValue(c);
}

/* Reads the test at the end of block H of COMP into V. Returns 0, or -1 when it is
 * not "v < limit" or "v > limit" (any strictness, either side, either branch) on the
 * value of a scalar alloca v loaded in H. */
static int read_test(const cfg *g, unsigned h, const unsigned char *comp, counter_var *v) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[h]);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term)) return -1;
    unsigned s0 = (unsigned)ptr_map_get(&g->ids, LLVMGetSuccessor(term, 0));
    unsigned s1 = (unsigned)ptr_map_get(&g->ids, LLVMGetSuccessor(term, 1));
    if (comp[s0] == comp[s1]) return -1;           /* the test must be the way out */
    LLVMValueRef cond = LLVMGetCondition(term);
    if (!LLVMIsAICmpInst(cond)) return -1;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
    LLVMValueRef a = LLVMGetOperand(cond, 0), b = LLVMGetOperand(cond, 1);
    if (LLVMIsAConstantInt(a) && !LLVMIsAConstantInt(b)) {
        LLVMValueRef t = a; a = b; b = t;
        p = swapped(p);
    }
    if (!LLVMIsAConstantInt(b)) return -1;
    if (!comp[s0]) p = negated(p);                   /* stays on false */
    int pred_signed = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    int ext = LLVMIsASExtInst(a) ? 1 : LLVMIsAZExtInst(a) ? 2 : 0;
    if (ext) a = LLVMGetOperand(a, 0);
    if (!LLVMIsALoadInst(a) || LLVMGetInstructionParent(a) != g->bbs[h]) return -1;
    v->var = LLVMGetOperand(a, 0);
    if (!LLVMIsAAllocaInst(v->var)) return -1;
    LLVMTypeRef ty = LLVMGetAllocatedType(v->var);
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMTypeOf(a) != ty) return -1;
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits < 2 || bits > 64) return -1;
    if (ext == 1 && !pred_signed) return -1;         /* a sign-extended value compared unsigned */
    v->is_signed = ext == 1 || (ext == 0 && pred_signed);
    v->lo = v->is_signed ? -((wide)1 << (bits - 1)) : 0;
    v->hi = v->is_signed ? ((wide)1 << (bits - 1)) - 1 : ((wide)1 << bits) - 1;
    wide c = int_value(b, pred_signed);
    switch (p) {
    case LLVMIntSLT: case LLVMIntULT: v->rising = 1; v->limit = c; break;
    case LLVMIntSLE: case LLVMIntULE: v->rising = 1; v->limit = c + 1; break;
    case LLVMIntSGT: case LLVMIntUGT: v->rising = 0; v->limit = c; break;
    case LLVMIntSGE: case LLVMIntUGE: v->rising = 0; v->limit = c - 1; break;
    default: return -1;
    }
    return 0;
}

/* The step of STORE when it writes back v plus a constant loaded from v in the same
 * block with no other store of v in between; 0 otherwise. */
static wide step_of(LLVMValueRef store, LLVMValueRef var) {
    LLVMValueRef val = LLVMGetOperand(store, 0);
    if (!LLVMIsABinaryOperator(val)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(val);
    if (op != LLVMAdd && op != LLVMSub) return 0;
    LLVMValueRef x = LLVMGetOperand(val, 0), c = LLVMGetOperand(val, 1);
    if (op == LLVMAdd && LLVMIsAConstantInt(x)) { LLVMValueRef t = x; x = c; c = t; }
    if (!LLVMIsAConstantInt(c) || !LLVMIsALoadInst(x) || LLVMGetOperand(x, 0) != var ||
        LLVMGetInstructionParent(x) != LLVMGetInstructionParent(store))
        return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(x); i && i != store; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 0;
    if (!LLVMGetNextInstruction(x)) return 0;
    wide s = (wide)LLVMConstIntGetSExtValue(c);
    return op == LLVMSub ? -s : s;
}

/* Reads every store of V's variable: constants outside COMP, steps of the loop's sign
 * inside, in blocks in no inner cycle (STEPPED marks them). Returns 0, or -1 when a
 * use is anything else (the address escapes, a value from elsewhere is stored). */
static int read_stores(const cfg *g, const unsigned char *comp, const unsigned char *inner,
                       counter_var *v, unsigned char *stepped) {
    memset(stepped, 0, g->n);
    for (LLVMUseRef u = LLVMGetFirstUse(v->var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != v->var || LLVMGetOperand(user, 0) == v->var)
            return -1;
        long long b = ptr_map_get(&g->ids, LLVMGetInstructionParent(user));
        if (b < 0) return -1;
        LLVMValueRef val = LLVMGetOperand(user, 0);
        if (!comp[b]) {
            if (!LLVMIsAConstantInt(val)) return -1;
            wide c = int_value(val, v->is_signed);
            if (!v->constants++ || (v->rising ? c < v->first : c > v->first)) v->first = c;
            continue;
        }
        wide s = step_of(user, v->var);
        if (v->rising ? s <= 0 : s >= 0) return -1;
        if (inner[b]) return -1;                      /* a step inside an inner loop */
        if (s < 0) s = -s;
        if (!v->nsteps || s < v->step_min) v->step_min = s;
        if (!v->nsteps || s > v->step_max) v->step_max = s;
        if (!stepped[b]) { stepped[b] = 1; v->nsteps++; }
    }
    return v->constants > 0 && v->nsteps > 0 ? 0 : -1;
}

/* Whether some way round the loop from H back to H skips every stepping block. */
static int skips_step(const cfg *g, unsigned h, const unsigned char *comp, const unsigned char *stepped,
                      unsigned char *mark) {
    if (stepped[h]) return 0;
    memset(mark, 0, g->n);
    size_t top = 0;
    for (unsigned e = g->sfirst[h]; e < g->sfirst[h + 1]; e++) {
        unsigned y = g->succ[e];
        if (comp[y] && !stepped[y] && !mark[y]) { mark[y] = 1; g->stack[top++] = y; }
    }
    while (top) {
        unsigned x = g->stack[--top];
        if (x == h) return 1;
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1]; e++) {
            unsigned y = g->succ[e];
            if (comp[y] && !stepped[y] && !mark[y]) { mark[y] = 1; g->stack[top++] = y; }
        }
    }
    return 0;
}

/* K, the most times the test of the loop COMP with entry H can pass per entry into
 * the loop; -1 when it is not a counted loop. INNER marks the blocks of COMP in
 * cycles that avoid H. */
static wide counted_trips(cfg *g, unsigned h, const unsigned char *comp, const unsigned char *inner) {
    counter_var v = {0};
    unsigned char *stepped = calloc(g->n, 1), *mark = calloc(g->n, 1);
    wide k = -1;
    if (stepped && mark && read_test(g, h, comp, &v) == 0 && read_stores(g, comp, inner, &v, stepped) == 0 &&
        !skips_step(g, h, comp, stepped, mark)) {
        /* The values tested rise (fall) by at least step_min between passes, from at
         * least (most) the first constant; one more step per stepping block past the
         * limit must not wrap. */
        wide span = v.rising ? v.limit - v.first : v.first - v.limit;
        wide overshoot = (wide)(v.nsteps + 1) * v.step_max;
        int wraps = v.rising ? v.limit - 1 + overshoot > v.hi : v.limit + 1 - overshoot < v.lo;
        if (!wraps && v.first >= v.lo && v.first <= v.hi)
            k = span <= 0 ? 0 : (span + v.step_min - 1) / v.step_min;
        if (k > TRIPS_MAX) k = -1;
    }
    free(stepped);
    free(mark);
    return k;
}

/* ---- the nest of loops ---- */

static uint64_t times(uint64_t a, uint64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a == LOOP_BOUNDS_UNBOUNDED || b == LOOP_BOUNDS_UNBOUNDED || a > LOOP_BOUNDS_UNBOUNDED / b)
        return LOOP_BOUNDS_UNBOUNDED;
    return a * b;
}

/* Bounds the blocks of IN, each entry into which runs them at most MULT times apiece
 * before its cycles: one strongly connected part at a time. */
static int region(cfg *g, const unsigned char *in, uint64_t mult, uint64_t *out) {
    unsigned char *done = calloc(g->n, 1), *comp = calloc(g->n, 1), *inner = calloc(g->n, 1);
    int rc = done && comp && inner ? 0 : -1;
    for (unsigned b = 0; rc == 0 && b < g->n; b++) {
        if (!in[b] || done[b]) continue;
        reach(g, b, in, g->succ, g->sfirst, g->fwd);
        reach(g, b, in, g->pred, g->pfirst, g->bwd);
        unsigned size = 0;
        for (unsigned c = 0; c < g->n; c++) {
            comp[c] = g->fwd[c] && g->bwd[c];
            if (comp[c]) { done[c] = 1; size++; }
        }
        if (size == 1 && !has_edge(g, b, b)) { out[b] = mult; continue; }
        long h = header_of(g, comp);
        if (h < 0 || mult == LOOP_BOUNDS_UNBOUNDED) continue;     /* stays unbounded */
        /* the cycles that avoid the entry: the inner loops */
        comp[h] = 0;
        memset(inner, 0, g->n);
        for (unsigned c = 0; c < g->n; c++) {
            if (!comp[c] || inner[c]) continue;
            reach(g, c, comp, g->succ, g->sfirst, g->fwd);
            reach(g, c, comp, g->pred, g->pfirst, g->bwd);
            unsigned k = 0;
            for (unsigned d = 0; d < g->n; d++) k += g->fwd[d] && g->bwd[d];
            if (k > 1 || has_edge(g, c, c))
                for (unsigned d = 0; d < g->n; d++) inner[d] |= g->fwd[d] && g->bwd[d];
        }
        comp[h] = 1;
        wide trips = counted_trips(g, (unsigned)h, comp, inner);
        if (trips < 0) continue;
        uint64_t m = times(mult, (uint64_t)trips + 1);
        out[h] = m;
        comp[h] = 0;
        rc = region(g, comp, m, out);
    }
    free(done); free(comp); free(inner);
    return rc;
}

/* Whether block B can reach no return, no other end of the function, and no call
 * (which might exit or jump out): then a run that reaches it never ends, and the
 * runs counted (those that end) never run it. */
static int no_way_out(cfg *g, unsigned b, unsigned char *all) {
    reach(g, b, all, g->succ, g->sfirst, g->fwd);
    for (unsigned c = 0; c < g->n; c++) {
        if (!g->fwd[c]) continue;
        if (g->sfirst[c] == g->sfirst[c + 1]) return 0;       /* ret, unreachable, resume */
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->bbs[c]); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i)) return 0;
    }
    return 1;
}

int loop_bounds(LLVMValueRef fn, unsigned nb, uint64_t *per_call) {
    for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    if (nb == 0 || nb > LOOP_MAX_BLOCKS || LLVMCountBasicBlocks(fn) != nb) return 0;
    cfg g = {0};
    unsigned char *all = calloc(nb, 1);
    int rc = all ? cfg_build(fn, nb, &g) : -1;
    if (rc == 0) {
        memset(all, 1, nb);
        rc = region(&g, all, 1, per_call);
        for (unsigned b = 0; rc == 0 && b < nb; b++)
            if (no_way_out(&g, b, all)) per_call[b] = 0;
    }
    if (rc != 0)
        for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    free(all);
    cfg_free(&g);
    return rc == -1 ? -1 : 0;
}
