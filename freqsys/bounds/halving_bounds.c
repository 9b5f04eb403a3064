/* freqsys/bounds/halving_bounds.c: a bound on loops that halve an interval, as binary search does. */
/* SPDX-License-Identifier: MIT */
#include "halving_bounds.h"

#include <stdlib.h>
#include <string.h>

/*
 * Rule (interval halving). The loop's header H leaves when lo > hi, lo and hi loaded
 * in H (signed, either side, either branch), and
 *   - lo, hi and mid are local variables of one integer type used only by loads and
 *     stores, mid stored once, in a block M (not H) on every way round, the value
 *     lo + (hi - lo) / 2 or (lo + hi) / 2 of lo and hi loaded in M before that store;
 *   - every other store of lo inside the loop writes mid + 1, of hi mid - 1, mid loaded
 *     in the same block after M's store (M on every way from H to that block), in no
 *     inner cycle, and every way round stores lo or hi;
 *   - every store of lo and hi outside the loop writes a value of known range.
 * No store of lo or hi lies between H's test and M's loads (a store block after M
 * that led back to M without H would be in an inner cycle), so M halves the interval
 * the test passed: with w = hi - lo + 1 >= 1 there, mid is lo plus the floor or the
 * ceiling of (hi - lo) / 2 (signed division truncates), hence hi - mid and mid - lo
 * are at most ceil((w - 1) / 2) = floor(w / 2), and the next test sees w' <= w / 2.
 * lo only rises (mid + 1 > lo) and hi only falls, from the values set outside, so the
 * test passes at most floor(log2 W) + 1 times per entry, W = the greatest hi set less
 * the least lo set, plus 1. Nothing may wrap: at a passing test lo_min <= lo <= hi <=
 * hi_max, so mid +- 1, lo + hi and hi - lo must fit the type over those.
 */

typedef struct halving {
    const walk_loop *l;
    LLVMValueRef lo, hi, mid;
    unsigned m; /* the block storing mid */
    unsigned char *mark;
} halving;

static long long block_of(const walk_loop *l, LLVMValueRef i) {
    return ptr_map_get(l->ids, LLVMGetInstructionParent(i));
}

/* Whether A is a local integer variable used only as loads' and stores' address. */
static int local(LLVMValueRef a) {
    if (!LLVMIsAAllocaInst(a) || LLVMGetTypeKind(LLVMGetAllocatedType(a)) != LLVMIntegerTypeKind) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsALoadInst(user) && !(LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != a)) return 0;
    }
    return 1;
}

static int load_of(LLVMValueRef x, LLVMValueRef var, LLVMBasicBlockRef in) {
    return LLVMIsALoadInst(x) && LLVMGetOperand(x, 0) == var && LLVMGetInstructionParent(x) == in;
}

/* MARK: the loop's blocks reachable from the header without passing AVOID (-1: none),
 * the header left unmarked unless reached again. Returns whether it is. */
static int reach_from_header(const walk_loop *l, long avoid, unsigned char *mark) {
    memset(mark, 0, l->n);
    unsigned *stack = malloc((l->n + 1) * sizeof *stack);
    if (!stack) return 1;
    size_t top = 0;
    int back = 0;
    stack[top++] = l->header;
    while (top) {
        unsigned x = stack[--top];
        for (unsigned e = l->sfirst[x]; e < l->sfirst[x + 1]; e++) {
            unsigned y = l->succ[e];
            if (!l->comp[y] || (long)y == avoid || mark[y]) continue;
            if (y == l->header) back = 1;
            mark[y] = 1;
            if (y != l->header) stack[top++] = y;
        }
    }
    free(stack);
    return back;
}

/* Whether store S writes mid + DELTA (1 or -1), mid loaded in S's block after M's store,
 * the block after M on every way from the header. */
static int writes_mid_plus(halving *h, LLVMValueRef s, long long delta) {
    LLVMValueRef v = LLVMGetOperand(s, 0);
    if (!LLVMIsABinaryOperator(v)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    LLVMValueRef x = LLVMGetOperand(v, 0), c = LLVMGetOperand(v, 1);
    if (op == LLVMAdd && LLVMIsAConstantInt(x)) {
        LLVMValueRef t = x;
        x = c;
        c = t;
    }
    if ((op != LLVMAdd && op != LLVMSub) || !LLVMIsAConstantInt(c)) return 0;
    long long k = LLVMConstIntGetSExtValue(c);
    if ((op == LLVMAdd ? k : -k) != delta) return 0;
    LLVMBasicBlockRef b = LLVMGetInstructionParent(s);
    if (!load_of(x, h->mid, b)) return 0;
    long long bi = block_of(h->l, s);
    if (bi < 0 || h->l->inner[bi] || (unsigned)bi == h->l->header) return 0;
    if ((unsigned)bi == h->m) { /* in M: the load comes after mid's store */
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && i != x; i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == h->mid) return 1;
        return 0;
    }
    reach_from_header(h->l, h->m, h->mark);
    return !h->mark[bi];
}

/* Whether V, computed in block B, is lo + (hi - lo) / 2 or (lo + hi) / 2 of loads there. */
static int midpoint(const halving *h, LLVMValueRef v, LLVMBasicBlockRef b) {
    if (!LLVMIsABinaryOperator(v)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    LLVMValueRef x = LLVMGetOperand(v, 0), y = LLVMGetOperand(v, 1);
    int two_by = 0;
    if (op == LLVMSDiv && LLVMIsAConstantInt(y) && LLVMConstIntGetSExtValue(y) == 2) two_by = 1;
    if (two_by) { /* (lo + hi) / 2 */
        if (!LLVMIsABinaryOperator(x) || LLVMGetInstructionOpcode(x) != LLVMAdd) return 0;
        LLVMValueRef p = LLVMGetOperand(x, 0), q = LLVMGetOperand(x, 1);
        return (load_of(p, h->lo, b) && load_of(q, h->hi, b)) ||
               (load_of(p, h->hi, b) && load_of(q, h->lo, b));
    }
    if (op != LLVMAdd) return 0; /* lo + (hi - lo) / 2 */
    if (!load_of(x, h->lo, b)) {
        LLVMValueRef t = x;
        x = y;
        y = t;
    }
    if (!load_of(x, h->lo, b) || !LLVMIsABinaryOperator(y) || LLVMGetInstructionOpcode(y) != LLVMSDiv)
        return 0;
    LLVMValueRef d = LLVMGetOperand(y, 0), two = LLVMGetOperand(y, 1);
    if (!LLVMIsAConstantInt(two) || LLVMConstIntGetSExtValue(two) != 2 || !LLVMIsABinaryOperator(d) ||
        LLVMGetInstructionOpcode(d) != LLVMSub)
        return 0;
    return load_of(LLVMGetOperand(d, 0), h->hi, b) && load_of(LLVMGetOperand(d, 1), h->lo, b);
}

/* Whether the header's test leaves exactly when lo > hi; sets H's lo and hi. */
static int reads_header(halving *h) {
    const walk_loop *l = h->l;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(l->bbs[l->header]);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term) || !LLVMIsAICmpInst(LLVMGetCondition(term)))
        return 0;
    long long s0 = ptr_map_get(l->ids, LLVMGetSuccessor(term, 0)),
              s1 = ptr_map_get(l->ids, LLVMGetSuccessor(term, 1));
    if (s0 < 0 || s1 < 0 || l->comp[s0] == l->comp[s1]) return 0;
    LLVMValueRef c = LLVMGetCondition(term), a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    if (!l->comp[s0]) { /* stays on false: stays while the negation holds */
        p = p == LLVMIntSGT ? LLVMIntSLE : p == LLVMIntSLT ? LLVMIntSGE : LLVMIntEQ;
    }
    if (p == LLVMIntSGE) {
        LLVMValueRef t = a;
        a = b;
        b = t;
        p = LLVMIntSLE;
    }
    if (p != LLVMIntSLE || !LLVMIsALoadInst(a) || !LLVMIsALoadInst(b)) return 0;
    LLVMBasicBlockRef hb = l->bbs[l->header];
    h->lo = LLVMGetOperand(a, 0);
    h->hi = LLVMGetOperand(b, 0);
    return h->lo != h->hi && load_of(a, h->lo, hb) && load_of(b, h->hi, hb) && local(h->lo) && local(h->hi) &&
           LLVMGetAllocatedType(h->lo) == LLVMGetAllocatedType(h->hi);
}

/* Finds mid: the variable M's one store writes the midpoint of lo and hi loaded in M. */
static int finds_mid(halving *h) {
    const walk_loop *l = h->l;
    for (unsigned b = 0; b < l->n; b++) {
        if (!l->comp[b] || b == l->header || l->inner[b]) continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[b]); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAStoreInst(i) || !midpoint(h, LLVMGetOperand(i, 0), l->bbs[b])) continue;
            LLVMValueRef mid = LLVMGetOperand(i, 1);
            int stores = 0;
            for (LLVMUseRef u = LLVMGetFirstUse(mid); u; u = LLVMGetNextUse(u))
                stores += LLVMIsAStoreInst(LLVMGetUser(u)) != 0;
            /* lo and hi are not stored in M before their loads: nor anywhere in M before mid's store */
            for (LLVMValueRef j = LLVMGetFirstInstruction(l->bbs[b]); j != i; j = LLVMGetNextInstruction(j))
                if (LLVMIsAStoreInst(j) && (LLVMGetOperand(j, 1) == h->lo || LLVMGetOperand(j, 1) == h->hi))
                    stores = 0;
            if (stores != 1 || !local(mid) || LLVMGetAllocatedType(mid) != LLVMGetAllocatedType(h->lo))
                continue;
            if (reach_from_header(l, b, h->mark)) continue; /* a way round avoids M */
            h->mid = mid;
            h->m = b;
            return 1;
        }
    }
    return 0;
}

/* Checks every store of VAR (lo: DELTA 1, hi: -1): mid + DELTA inside, STORES marking their
 * blocks; values of known range outside, widening [*LEAST, *MOST]. */
static int reads_stores(halving *h, LLVMValueRef var, long long delta, unsigned char *stores,
                        halving_range range, void *ctx, long long *least, long long *most) {
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef s = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(s)) continue;
        long long b = block_of(h->l, s);
        if (b < 0) return 0;
        if (h->l->comp[b]) {
            if (!writes_mid_plus(h, s, delta)) return 0;
            stores[b] = 1;
            continue;
        }
        long long lo, hi;
        if (range(ctx, LLVMGetOperand(s, 0), &lo, &hi) != 0) return 0;
        if (lo < *least) *least = lo;
        if (hi > *most) *most = hi;
    }
    return 1;
}

long long halving_bounds_trips(const walk_loop *l, halving_range range, void *ctx) {
    halving h = {.l = l};
    long long k = -1, lo_min = (long long)1 << 62, lo_max = -lo_min, hi_min = lo_min, hi_max = -lo_min;
    h.mark = calloc(l->n + 1, 1);
    unsigned char *stores = calloc(l->n + 1, 1), *scratch = calloc(l->n + 1, 1);
    if (!h.mark || !stores || !scratch || !reads_header(&h) || !finds_mid(&h) ||
        !reads_stores(&h, h.lo, 1, stores, range, ctx, &lo_min, &lo_max) ||
        !reads_stores(&h, h.hi, -1, stores, range, ctx, &hi_min, &hi_max) || lo_min > lo_max ||
        hi_min > hi_max)
        goto out;
    /* every way round stores lo or hi: none goes from the header back to it past no store */
    memcpy(scratch, l->comp, l->n);
    for (unsigned b = 0; b < l->n; b++)
        if (stores[b]) scratch[b] = 0;
    walk_loop rest = *l;
    rest.comp = scratch;
    if (stores[l->header] || reach_from_header(&rest, -1, h.mark)) goto out;
    unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(h.lo));
    if (bits < 2 || bits > 62) goto out;
    long long top = ((long long)1 << (bits - 1)) - 1, bottom = -top - 1;
    if (lo_min - 1 < bottom || hi_max + 1 > top || 2 * lo_min - 1 < bottom || 2 * hi_max + 1 > top ||
        hi_max - lo_min + 1 > top)
        goto out;
    long long w = hi_max - lo_min + 1;
    k = 0;
    for (; w >= 1; w /= 2) k++; /* floor(log2 W) + 1 passes, none when W < 1 */
out:
    free(h.mark);
    free(stores);
    free(scratch);
    return k;
}
