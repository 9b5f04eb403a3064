/* freqsys/bounds/shrinking_bounds.c: a bound on loops that divide a variable until it is 0. */
/* SPDX-License-Identifier: MIT */
#include "shrinking_bounds.h"

#include <stdlib.h>

/*
 * Rule (dividing down to 0). v is a local integer variable of W bits used only by
 * loads and stores. Every store to v inside the loop stores v / c (udiv or sdiv, |c|
 * >= 2) or v >> c (lshr, c >= 1) of a load of v in the same block with no store to v
 * between: each such store at least halves |v|. Every way round the loop crosses a
 * block holding one (the loop less those blocks has no cycle), and every way round
 * crosses a block X whose branch tests a load of v against 0 and leaves the loop when
 * v is 0 (the loop less X has no cycle). Between two tests at X at least one division
 * ran, so the j-th test sees |v| <= 2^W / 2^(j - 1) at most, and the (W + 1)-th sees 0
 * and leaves: the test stays at most W times per entry, and so the way round returns
 * to the header at most W times. `while (n > 0) { n /= 10; d++; }`, `while (x) x >>=
 * 1;` for unsigned x, libcsv's `to_add /= 2; if (!to_add) return -1;`. A signed shift
 * right is no such step: -1 >> 1 is -1.
 */

/* Whether the blocks of L's loop outside OUT hold no cycle (Kahn's order). */
static int acyclic_without(const walk_loop *l, const unsigned char *out) {
    unsigned *indeg = calloc(l->n + 1, sizeof *indeg), *queue = calloc(l->n + 1, sizeof *queue);
    int ok = indeg && queue;
    size_t left = 0, head = 0, tail = 0;
    for (unsigned b = 0; ok && b < l->n; b++) {
        if (!l->comp[b] || out[b]) continue;
        left++;
        for (unsigned e = l->sfirst[b]; e < l->sfirst[b + 1]; e++)
            if (l->comp[l->succ[e]] && !out[l->succ[e]]) indeg[l->succ[e]]++;
    }
    for (unsigned b = 0; ok && b < l->n; b++)
        if (l->comp[b] && !out[b] && indeg[b] == 0) queue[tail++] = b;
    while (ok && head < tail) {
        unsigned b = queue[head++];
        left--;
        for (unsigned e = l->sfirst[b]; e < l->sfirst[b + 1]; e++) {
            unsigned s = l->succ[e];
            if (l->comp[s] && !out[s] && --indeg[s] == 0) queue[tail++] = s;
        }
    }
    free(indeg);
    free(queue);
    return ok && left == 0;
}

static long long block_of(const walk_loop *l, LLVMValueRef i) {
    return ptr_map_get(l->ids, LLVMGetInstructionParent(i));
}

/* Whether the store ST writes v divided (as the rule says) from a load of V earlier
 * in its block with no store to V between. */
static int divides(LLVMValueRef st, LLVMValueRef v) {
    LLVMValueRef x = LLVMGetOperand(st, 0);
    if (!LLVMIsABinaryOperator(x)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    LLVMValueRef a = LLVMGetOperand(x, 0), c = LLVMGetOperand(x, 1);
    if (!LLVMIsALoadInst(a) || LLVMGetOperand(a, 0) != v || !LLVMIsAConstantInt(c)) return 0;
    long long k = LLVMConstIntGetSExtValue(c);
    int ok = (op == LLVMUDiv && LLVMConstIntGetZExtValue(c) >= 2) ||
             (op == LLVMSDiv && (k >= 2 || k <= -2)) || (op == LLVMLShr && k >= 1);
    if (!ok || LLVMGetInstructionParent(a) != LLVMGetInstructionParent(st)) return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(a); i && i != st; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == v) return 0;
    for (LLVMValueRef i = a; i; i = LLVMGetNextInstruction(i))
        if (i == st) return 1;
    return 0;
}

/* The way block B of L's loop takes when v (loaded at B) is 0: 0 or 1 for its
 * branch's successors, -1 when B does not test a load of V against 0. */
static int way_at_zero(LLVMBasicBlockRef b, LLVMValueRef v) {
    LLVMValueRef br = LLVMGetBasicBlockTerminator(b);
    if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br)) return -1;
    LLVMValueRef cond = LLVMGetCondition(br);
    int flip = 0;
    while (LLVMIsABinaryOperator(cond) && LLVMGetInstructionOpcode(cond) == LLVMXor &&
           LLVMIsAConstantInt(LLVMGetOperand(cond, 1)) &&
           LLVMConstIntGetZExtValue(LLVMGetOperand(cond, 1)) == 1) {
        flip = !flip;
        cond = LLVMGetOperand(cond, 0);
    }
    if (!LLVMIsAICmpInst(cond)) return -1;
    LLVMValueRef x = LLVMGetOperand(cond, 0), z = LLVMGetOperand(cond, 1);
    if (LLVMIsAConstantInt(x)) {
        LLVMValueRef t = x;
        x = z;
        z = t;
    }
    if (!LLVMIsALoadInst(x) || LLVMGetOperand(x, 0) != v || !LLVMIsAConstantInt(z) ||
        LLVMConstIntGetZExtValue(z) != 0)
        return -1;
    int truth;
    switch (LLVMGetICmpPredicate(cond)) { /* the comparison of 0 with 0 */
    case LLVMIntEQ:
    case LLVMIntSGE:
    case LLVMIntUGE:
    case LLVMIntSLE:
    case LLVMIntULE:
        truth = 1;
        break;
    default:
        truth = 0;
    }
    return (truth ^ flip) ? 0 : 1; /* a true condition takes the first successor */
}

/* The rule for variable V: its width, or -1. OUT is scratch of l->n bytes. */
static long long shrinks(const walk_loop *l, LLVMValueRef v, unsigned char *out) {
    for (unsigned b = 0; b < l->n; b++) out[b] = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st) || LLVMGetOperand(st, 1) != v) continue;
        long long b = block_of(l, st);
        if (b < 0 || !l->comp[b]) continue;
        if (!divides(st, v)) return -1;
        out[b] = 1;
    }
    if (!acyclic_without(l, out)) return -1;
    for (unsigned x = 0; x < l->n; x++) {
        if (!l->comp[x]) continue;
        int w = way_at_zero(l->bbs[x], v);
        if (w < 0) continue;
        LLVMValueRef br = LLVMGetBasicBlockTerminator(l->bbs[x]);
        long long leave = ptr_map_get(l->ids, LLVMGetSuccessor(br, (unsigned)w)),
                  stay = ptr_map_get(l->ids, LLVMGetSuccessor(br, (unsigned)!w));
        if (leave < 0 || stay < 0 || l->comp[leave] || !l->comp[stay]) continue;
        for (unsigned b = 0; b < l->n; b++) out[b] = b == x;
        if (acyclic_without(l, out)) return LLVMGetIntTypeWidth(LLVMGetAllocatedType(v));
    }
    return -1;
}

long long shrinking_bounds_trips(const walk_loop *l) {
    unsigned char *out = malloc(l->n + 1);
    long long best = -1;
    if (!out) return -1;
    /* the candidates: local integer variables some block of the loop stores a quotient to */
    for (unsigned b = 0; b < l->n; b++) {
        if (!l->comp[b]) continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[b]); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAStoreInst(i)) continue;
            LLVMValueRef v = LLVMGetOperand(i, 1);
            if (!LLVMIsAAllocaInst(v) || LLVMGetTypeKind(LLVMGetAllocatedType(v)) != LLVMIntegerTypeKind ||
                !walk_bounds_is_variable(v) || !divides(i, v))
                continue;
            long long k = shrinks(l, v, out);
            if (k >= 0 && (best < 0 || k < best)) best = k;
        }
    }
    free(out);
    return best;
}
