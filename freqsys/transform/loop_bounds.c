/* freqsys/transform/loop_bounds.c: how often each block of a function can run per call, from its loops. */
/* SPDX-License-Identifier: MIT */
#include "loop_bounds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "given_walks.h"
#include "ptr_map.h"
#include "walk_bounds.h"

#define LOOP_MAX_BLOCKS 4096          /* finding the cycles is quadratic in the blocks */
#define TRIPS_MAX ((__int128)1 << 31) /* more trips than this are left unbounded */
#define RANGE_BUDGET 256              /* values looked at to find one value's range */

typedef __int128 wide;   /* loop arithmetic on 64-bit values, with room to spare */

/* The CFG of one function, in compressed rows, with scratch marks. */
typedef struct cfg {
    unsigned n;
    LLVMBasicBlockRef *bbs;
    ptr_map ids;
    unsigned *succ, *sfirst, *pred, *pfirst, *stack;
    unsigned char *fwd, *bwd;
    bound_given *given;          /* what the spec tells; NULL: nothing */
    int *cap_of;                 /* [n]: the cap each block's bound rests on, -1 none */
} cfg;

static void cfg_free(cfg *g) {
    ptr_map_free(&g->ids);
    free(g->cap_of);
    free(g->bbs); free(g->succ); free(g->sfirst); free(g->pred); free(g->pfirst); free(g->stack);
    free(g->fwd); free(g->bwd);
}

static wide int_value(LLVMValueRef c, int is_signed);
static int compares(LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b);

/* Rule (constant tests): whether TERM can take its successor S. A conditional branch
 * on a constant, or on a comparison of two constants (a replaced scanf's count
 * against the count the program expects), takes one way only. */
static int taken(LLVMValueRef term, unsigned s) {
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term)) return 1;
    LLVMValueRef c = LLVMGetCondition(term);
    int value;
    if (LLVMIsAConstantInt(c)) value = LLVMConstIntGetZExtValue(c) != 0;
    else if (LLVMIsAICmpInst(c) && LLVMIsAConstantInt(LLVMGetOperand(c, 0)) && LLVMIsAConstantInt(LLVMGetOperand(c, 1)))
        value = compares(LLVMGetICmpPredicate(c), LLVMGetOperand(c, 0), LLVMGetOperand(c, 1));
    else return 1;
    return s == (value ? 0u : 1u);
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
    int constants;               /* stores seen outside the loop */
    wide first;                  /* the smallest (rising) or largest value they can store */
    wide step_min, step_max;     /* |steps| of the stores inside the loop */
    unsigned nsteps;             /* blocks holding a step */
} counter_var;

static wide int_value(LLVMValueRef c, int is_signed) {
    return is_signed ? (wide)LLVMConstIntGetSExtValue(c) : (wide)LLVMConstIntGetZExtValue(c);
}

/* Whether A is a load, in block H, of a scalar integer alloca: a loop counter's value. */
static int counter_load(const cfg *g, unsigned h, LLVMValueRef a) {
    if (!LLVMIsALoadInst(a) || LLVMGetInstructionParent(a) != g->bbs[h]) return 0;
    LLVMValueRef var = LLVMGetOperand(a, 0);
    if (!LLVMIsAAllocaInst(var)) return 0;
    LLVMTypeRef ty = LLVMGetAllocatedType(var);
    return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMTypeOf(a) == ty;
}

static int compares(LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b) {
    int sgn = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    wide x = int_value(a, sgn), y = int_value(b, sgn);
    switch (p) {
    case LLVMIntEQ: return x == y;
    case LLVMIntNE: return x != y;
    case LLVMIntSLT: case LLVMIntULT: return x < y;
    case LLVMIntSLE: case LLVMIntULE: return x <= y;
    case LLVMIntSGT: case LLVMIntUGT: return x > y;
    default: return x >= y;
    }
}

/* ---- the range of a value ---- */

static int widen(wide *lo, wide *hi, int *any, wide a, wide b) {
    if (!*any || a < *lo) *lo = a;
    if (!*any || b > *hi) *hi = b;
    *any = 1;
    return 0;
}

static int range_of(const cfg *g, LLVMValueRef x, int sgn, unsigned *budget, wide *lo, wide *hi);

/* Rule (variables of known values): a local variable whose every store is a value of
 * known range holds one, as the address never escapes (only loads and stores use it). */
static int variable_range(const cfg *g, LLVMValueRef var, int sgn, unsigned *budget, wide *lo, wide *hi) {
    int any = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != var || LLVMGetOperand(user, 0) == var) return -1;
        wide a, b;
        if (range_of(g, LLVMGetOperand(user, 0), sgn, budget, &a, &b) != 0) return -1;
        widen(lo, hi, &any, a, b);
    }
    return any ? 0 : -1;
}

/* Rule (bounded reads): a read whose declared distribution is bounded gives a value
 * in its range (a draw that does not fit the variable fails the trial). */
static int read_range(const cfg *g, LLVMValueRef call, wide *lo, wide *hi) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    size_t n;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    if (!g->given || strcmp(name, FSABI_READ_INT) != 0 || LLVMGetNumArgOperands(call) != 1) return -1;
    LLVMValueRef site = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(site) || LLVMConstIntGetZExtValue(site) >= g->given->nreads) return -1;
    double a = g->given->read_lo[LLVMConstIntGetZExtValue(site)], b = g->given->read_hi[LLVMConstIntGetZExtValue(site)];
    if (!(a >= -0x1p62 && b <= 0x1p62)) return -1;
    *lo = (wide)trunc(a);   /* the runtime converts a draw as C does: toward zero */
    *hi = (wide)trunc(b);
    return *lo <= *hi ? 0 : -1;
}

/* Rule (drawn arguments): in function mode, a parameter of the entry that only the
 * runtime passes has a value its declared distribution can give (truncated, as the
 * runtime converts it; a draw that does not fit fails the trial). */
static int argument_range(const cfg *g, LLVMValueRef param, wide *lo, wide *hi) {
    double a, b, text;
    if (!g->given || !given_walks_param(&g->given->walks, param, &a, &b, &text) || !(a >= -0x1p62 && b <= 0x1p62))
        return -1;
    *lo = (wide)a;
    *hi = (wide)b;
    return *lo <= *hi ? 0 : -1;
}

/* The least and greatest value X can have, read as signed (SGN) or unsigned, through
 * constants, extensions, truncations that keep it, choices (phi, select), local
 * variables and bounded reads. Returns 0, or -1 when unknown or BUDGET runs out. */
static int range_of(const cfg *g, LLVMValueRef x, int sgn, unsigned *budget, wide *lo, wide *hi) {
    if (*budget == 0) return -1;
    --*budget;
    int any = 0, rc = -1;
    LLVMTypeRef ty = LLVMTypeOf(x);
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) > 64) return -1;
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (LLVMIsAConstantInt(x)) {
        *lo = *hi = int_value(x, sgn);
        return 0;
    }
    if (LLVMIsASExtInst(x) || LLVMIsAZExtInst(x)) {
        rc = range_of(g, LLVMGetOperand(x, 0), LLVMIsASExtInst(x) != NULL, budget, lo, hi);
        return rc == 0 && (sgn || *lo >= 0) ? 0 : -1;
    }
    if (LLVMIsATruncInst(x))
        rc = range_of(g, LLVMGetOperand(x, 0), sgn, budget, lo, hi);
    else if (LLVMIsAPHINode(x)) {
        rc = 0;
        for (unsigned k = 0; rc == 0 && k < LLVMCountIncoming(x); k++) {
            wide a, b;
            if ((rc = range_of(g, LLVMGetIncomingValue(x, k), sgn, budget, &a, &b)) == 0) widen(lo, hi, &any, a, b);
        }
        if (!any) rc = -1;
    } else if (LLVMIsASelectInst(x)) {
        wide a, b, c, d;
        rc = range_of(g, LLVMGetOperand(x, 1), sgn, budget, &a, &b) || range_of(g, LLVMGetOperand(x, 2), sgn, budget, &c, &d)
                 ? -1 : widen(lo, hi, &any, a < c ? a : c, b > d ? b : d);
    } else if (LLVMIsALoadInst(x) && LLVMIsAAllocaInst(LLVMGetOperand(x, 0)) &&
               LLVMGetAllocatedType(LLVMGetOperand(x, 0)) == ty)
        rc = variable_range(g, LLVMGetOperand(x, 0), sgn, budget, lo, hi);
    else if (LLVMIsACallInst(x))
        rc = read_range(g, x, lo, hi);
    else if (LLVMIsAArgument(x))
        rc = argument_range(g, x, lo, hi);
    /* the value must be one the type holds, read as asked */
    wide tlo = sgn ? -((wide)1 << (bits - 1)) : 0, thi = sgn ? ((wide)1 << (bits - 1)) - 1 : ((wide)1 << bits) - 1;
    return rc == 0 && *lo >= tlo && *hi <= thi ? 0 : -1;
}

/* Reads the test at the end of block H of COMP into V. Returns 0, or -1 when it is
 * not "v < limit" or "v > limit" (any strictness, either side, either branch) on the
 * value of a scalar alloca v loaded in H, the limit a value of known range (its
 * greatest value for "v < limit", its least for "v > limit"). */
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
    if (!counter_load(g, h, a) && counter_load(g, h, b)) {
        LLVMValueRef t = a; a = b; b = t;
        p = swapped(p);
    }
    if (!comp[s0]) p = negated(p);                   /* stays on false */
    int pred_signed = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    int ext = LLVMIsASExtInst(a) ? 1 : LLVMIsAZExtInst(a) ? 2 : 0;
    if (ext) a = LLVMGetOperand(a, 0);
    if (!counter_load(g, h, a)) return -1;
    v->var = LLVMGetOperand(a, 0);
    LLVMTypeRef ty = LLVMGetAllocatedType(v->var);
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits < 2 || bits > 64) return -1;
    if (ext == 1 && !pred_signed) return -1;         /* a sign-extended value compared unsigned */
    v->is_signed = ext == 1 || (ext == 0 && pred_signed);
    v->lo = v->is_signed ? -((wide)1 << (bits - 1)) : 0;
    v->hi = v->is_signed ? ((wide)1 << (bits - 1)) - 1 : ((wide)1 << bits) - 1;
    unsigned budget = RANGE_BUDGET;
    wide lo, hi;
    if (range_of(g, b, pred_signed, &budget, &lo, &hi) != 0) return -1;
    switch (p) {
    case LLVMIntSLT: case LLVMIntULT: v->rising = 1; v->limit = hi; break;
    case LLVMIntSLE: case LLVMIntULE: v->rising = 1; v->limit = hi + 1; break;
    case LLVMIntSGT: case LLVMIntUGT: v->rising = 0; v->limit = lo; break;
    case LLVMIntSGE: case LLVMIntUGE: v->rising = 0; v->limit = lo - 1; break;
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

/* Reads every store of V's variable: values of known range outside COMP, steps of the loop's sign
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
            unsigned budget = RANGE_BUDGET;
            wide lo, hi;
            if (range_of(g, val, v->is_signed, &budget, &lo, &hi) != 0) return -1;
            wide c = v->rising ? lo : hi;
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

static const char *file_base(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int loop_bounds_at(LLVMBasicBlockRef bb, const bound_cap *cap) {
    if (!cap->file) return 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        unsigned line = LLVMGetDebugLocLine(i);
        if (!line) continue;
        unsigned len = 0;
        const char *dir = LLVMGetDebugLocDirectory(i, &len);
        const char *name = LLVMGetDebugLocFilename(i, &len);
        if (line != cap->line || !name) return 0;
        char path[1024];
        snprintf(path, sizeof path, "%s%s%.*s", name[0] != '/' && dir && *dir ? dir : "",
                 name[0] != '/' && dir && *dir ? "/" : "", (int)len, name);
        size_t n = strlen(path), k = strlen(cap->file);
        if (!strchr(cap->file, '/')) return strcmp(file_base(path), cap->file) == 0;
        return n >= k && strcmp(path + n - k, cap->file) == 0 && (n == k || path[n - k - 1] == '/');
    }
    return 0;
}

/* Rule (loop caps): the cap of GIVEN at the header H's FILE:LINE, or -1. */
static int loop_cap(const cfg *g, unsigned h) {
    for (size_t k = 0; g->given && k < g->given->ncaps; k++)
        if (loop_bounds_at(g->bbs[h], &g->given->caps[k])) return (int)k;
    return -1;
}

/* Bounds the blocks of IN, each entry into which runs them at most MULT times apiece
 * before its cycles (a bound resting on cap FROM, -1: none): one strongly connected
 * part at a time. */
static int region(cfg *g, const unsigned char *in, uint64_t mult, int from, uint64_t *out) {
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
        if (size == 1 && !has_edge(g, b, b)) { out[b] = mult; g->cap_of[b] = from; continue; }
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
        /* Rules (string walks), (reading to EOF) and those they rest on: walk_bounds.c */
        walk_loop walk = {g->n, g->bbs, &g->ids, g->succ, g->sfirst, g->pred, g->pfirst, comp, inner, (unsigned)h,
                          g->given};
        wide walked = walk_bounds_trips(&walk);
        if (walked >= 0 && (trips < 0 || walked < trips)) trips = walked;
        int via = from, cap = loop_cap(g, (unsigned)h);
        if (cap >= 0) {
            g->given->caps[cap].used = 1;
            if (trips < 0 || trips > (wide)g->given->caps[cap].n) {
                trips = (wide)g->given->caps[cap].n;
                via = cap;
            }
        }
        if (trips < 0) continue;
        uint64_t m = times(mult, (uint64_t)trips + 1);
        out[h] = m;
        g->cap_of[h] = via;
        comp[h] = 0;
        rc = region(g, comp, m, via, out);
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
    return loop_bounds_capped(fn, nb, NULL, per_call, NULL);
}

int loop_bounds_capped(LLVMValueRef fn, unsigned nb, bound_given *given, uint64_t *per_call, int *cap_of) {
    for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    for (unsigned b = 0; cap_of && b < nb; b++) cap_of[b] = -1;
    if (nb == 0 || nb > LOOP_MAX_BLOCKS || LLVMCountBasicBlocks(fn) != nb) return 0;
    cfg g = {.given = given};
    unsigned char *all = calloc(nb, 1);
    int rc = all ? cfg_build(fn, nb, &g) : -1;
    if (rc == 0) {
        memset(all, 1, nb);
        rc = region(&g, all, 1, -1, per_call);
        /* Rule (never entered): a block no taken edge leads to from the entry. */
        reach(&g, 0, all, g.succ, g.sfirst, g.bwd);
        for (unsigned b = 0; rc == 0 && b < nb; b++)
            if (!g.bwd[b] || no_way_out(&g, b, all)) { per_call[b] = 0; g.cap_of[b] = -1; }
    }
    if (rc != 0)
        for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    else if (cap_of)
        memcpy(cap_of, g.cap_of, nb * sizeof *cap_of);
    free(all);
    cfg_free(&g);
    return rc == -1 ? -1 : 0;
}
