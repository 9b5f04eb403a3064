/* freqsys/bounds/shared_walks.c: bounds on loops that share one pointer's or index's walk through a string
 * or char array. */
/* SPDX-License-Identifier: MIT */
#include "shared_walks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "c_locale.h"
#include "followed_calls.h"
#include "freqsys/abi.h"
#include "given_walks.h"
#include "int_values.h"
#include "walk_bounds.h"

/* Why the rule holds. The pointer p (or index i) lives in a local variable whose
 * address goes nowhere. Every store to it is a start, setting it to a constant place
 * in one object, or a step `p = p + k` (1 <= k <= STEP_MAX), in a block with no other
 * store to it. Either
 *  - the object is a drawn string argument that nothing writes (its bytes before the
 *    NUL are not NUL, at most TEXT of them) and every start is at its first byte; or
 *  - the object is a local char array of N bytes, every start at byte c or later:
 *    a pointer stepped past its end is undefined in C, so p stays within N - c steps
 *    of its start. An index can pass the end without reading past it, so an index
 *    needs fact 1 below as a string does. Every write into the array must be followed
 *    by a start before p is read again, so that no byte changes under a decision,
 *    and no pointer into it may go where it could be written through later.
 * The facts, checked over the CFG with the branches decided where the byte at p
 * decides them:
 * 1. Guarded steps (a string's walk, an index's): for each j below the longest step,
 *    with the byte at p + j taken to be the NUL, no way from a store to p reaches a
 *    step longer than j before another store. So no step passes the NUL: p stays
 *    within the string, and at most TEXT steps follow a start.
 * 2. No pass without a step: for every byte value, no cycle avoids the steps and the
 *    starts. On a way with no store p does not move, every fresh load of *p gives one
 *    byte, and a cycle the branches on that byte rule out cannot be run.
 * Every return of a block to itself then takes a step or a start. A loop with no
 * start inside makes at most STEPS passes per entry; a block runs at most STEPS + 1
 * times after each start, so at most that often per call where the one start lies
 * on no cycle (it runs at most once a call, before any step: a step before it would
 * read p unset), and that times the starts' own bounds where p is set anew. A branch
 * is decided only on values computed in its own block (or, through a phi, in the
 * block it was entered from) from loads of p with no store to p after them, so the
 * byte it sees is the one at p when it branches. */

#define EVAL_BUDGET 512  /* values looked at to decide one branch */
#define PHI_DEPTH   3    /* blocks followed back to find which way a phi was entered */
#define EDGES_MAX   4096 /* edges a function may have for the rule to be tried */
#define STEP_MAX    16   /* the longest step: each byte it passes is tested for the NUL */

typedef struct shared {
    const cfg *g;
    LLVMValueRef var;      /* the pointer's variable */
    unsigned char *stores; /* [n] blocks that store into var */
    unsigned char *steps;  /* [n] those whose store is a step: its size in bytes, else 0 */
    unsigned char *seen;   /* [n] scratch */
    int string;            /* the walk's bound rests on the string's NUL */
    int indexed;           /* var is an index into object (`s[i]`), else a pointer */
    LLVMValueRef object;   /* what var walks */
    long long offset;      /* the byte the decisions assume is at p + offset */
    int longest;           /* the longest step */
    long long farthest;    /* the farthest start into the object */
    long long *start_at;   /* [n] the place a block's start sets, else -1 */
    int on_object;         /* the byte assumed is the object's own at offset, not p's */
    unsigned *src;         /* [edges] each edge's block */
    uint64_t byte;         /* the byte at p the decisions assume */
    LLVMValueRef len;      /* the entry's parameter drawn as length(object), else NULL */
    int end_rel;           /* what the decisions assume of p and object + len: END_* */
    followed calls;        /* what deciding a branch may still spend, and assume of calls */
} shared;

/* What the decisions assume of where p is against the end, object + len (an index i
 * against len): nothing; p + offset is the end; p is before it. */
enum { END_UNKNOWN, END_AT, END_BEFORE };

static long long block_index(const shared *s, LLVMBasicBlockRef bb) {
    return ptr_map_get(&s->g->ids, bb);
}

/* Whether a store to VAR follows I in its block. */
static int stored_after(LLVMValueRef var, LLVMValueRef i) {
    for (LLVMValueRef k = LLVMGetNextInstruction(i); k; k = LLVMGetNextInstruction(k))
        if (LLVMIsAStoreInst(k) && LLVMGetOperand(k, 1) == var) return 1;
    return 0;
}

/* ---- the caller's values where the byte at p is s->byte ---- */

static int eval(shared *s, LLVMValueRef x, LLVMBasicBlockRef at, LLVMBasicBlockRef from, unsigned depth,
                uint64_t *out);
static LLVMBasicBlockRef decided(shared *s, unsigned x, LLVMBasicBlockRef from, unsigned depth);

/* Whether a run can go from block Q to block Y, as far as the branches on the byte
 * tell, looking DEPTH blocks back (only across blocks that do not move p). */
static int feasible(shared *s, unsigned q, unsigned y, unsigned depth) {
    const cfg *g = s->g;
    LLVMBasicBlockRef t = decided(s, q, NULL, depth);
    if (t && t != g->bbs[y]) return 0;
    if (depth == 0 || s->stores[q] || q == 0) return 1;
    for (unsigned e = g->pfirst[q]; e < g->pfirst[q + 1]; e++)
        if (feasible(s, g->pred[e], q, depth - 1)) return 1;
    return 0;
}

/* The byte at p + s->offset, when LOAD loads it: a byte loaded in block AT from a
 * load of p plus that offset (or at s[i + offset], i's load there), with no store to
 * p (i) after that load in AT. */
/* V less a constant K >= 0 (`v + k`, k's sign extended): the value K is added to, K
 * into *K; V itself at 0. */
static LLVMValueRef less_constant(LLVMValueRef v, long long *k) {
    *k = 0;
    if (LLVMIsAGetElementPtrInst(v) && LLVMGetNumOperands(v) == 2 &&
        LLVMGetGEPSourceElementType(v) == LLVMInt8TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))) &&
        LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
        *k = LLVMConstIntGetSExtValue(LLVMGetOperand(v, 1));
        return *k >= 0 ? LLVMGetOperand(v, 0) : v;
    }
    if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMAdd) {
        LLVMValueRef a = LLVMGetOperand(v, 0), c = LLVMGetOperand(v, 1);
        if (LLVMIsAConstantInt(a)) {
            LLVMValueRef t = a;
            a = c;
            c = t;
        }
        if (LLVMIsAConstantInt(c) && LLVMConstIntGetSExtValue(c) >= 0) {
            *k = LLVMConstIntGetSExtValue(c);
            return a;
        }
    }
    return v;
}

static int fresh_byte(const shared *s, LLVMValueRef load, LLVMBasicBlockRef at) {
    LLVMValueRef addr = LLVMGetOperand(load, 0), at_var = addr, base, object;
    long long offset, k;
    if (int_width(load) != 8 || LLVMGetInstructionParent(load) != at) return 0;
    if (s->on_object) /* the string's own bytes, which nothing writes: s[3], *s */
        return walk_bounds_place(addr, &object, &offset) && object == s->object && offset == s->offset;
    if (s->indexed && (!walk_bounds_byte_address(addr, &base, &at_var) ||
                       !walk_bounds_place(base, &object, &offset) || object != s->object || offset != 0))
        return 0; /* s[i] of the walked string only */
    at_var = less_constant(at_var, &k);
    if (LLVMIsASExtInst(at_var) || LLVMIsAZExtInst(at_var)) at_var = LLVMGetOperand(at_var, 0);
    return k == s->offset && LLVMIsALoadInst(at_var) && LLVMGetOperand(at_var, 0) == s->var &&
           LLVMGetInstructionParent(at_var) == at && !stored_after(s->var, at_var);
}

/* Whether V is a load of a variable that some store sets and every store sets to a
 * value IS accepts (with BUDGET less one): what the variable holds when it is read. */
static int stored_only(const shared *s, LLVMValueRef v, unsigned budget,
                       int (*is)(const shared *, LLVMValueRef, unsigned)) {
    if (budget == 0 || !LLVMIsALoadInst(v) || !walk_bounds_is_variable(LLVMGetOperand(v, 0))) return 0;
    int stores = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMGetOperand(v, 0)); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (!LLVMIsAStoreInst(st)) continue;
        if (!is(s, LLVMGetOperand(st, 0), budget - 1)) return 0;
        stores++;
    }
    return stores > 0;
}

/* Rule (walks to a drawn length): whether V is the value of s->len, through extensions
 * and variables every store to which stores it. */
static int length_value(const shared *s, LLVMValueRef v, unsigned budget) {
    while (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)) v = LLVMGetOperand(v, 0);
    if (LLVMIsAArgument(v)) return v == s->len;
    return stored_only(s, v, budget, length_value);
}

/* Whether V is the end of the walked string, its first byte plus s->len (`s + len`),
 * itself or through variables every store to which stores it. */
static int end_value(const shared *s, LLVMValueRef v, unsigned budget) {
    LLVMValueRef object;
    long long offset;
    if (budget == 0) return 0;
    if (LLVMIsAGetElementPtrInst(v) && LLVMGetNumOperands(v) == 2 &&
        LLVMGetGEPSourceElementType(v) == LLVMInt8TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))))
        return walk_bounds_place(LLVMGetOperand(v, 0), &object, &offset) && object == s->object &&
               offset == 0 && length_value(s, LLVMGetOperand(v, 1), budget - 1);
    return stored_only(s, v, budget, end_value);
}

/* Whether V is p + K (i + K) for the p loaded in block AT with no store after: K into
 * *K. */
static int cursor_value(const shared *s, LLVMValueRef v, LLVMBasicBlockRef at, long long *k) {
    if (s->indexed)
        while (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)) v = LLVMGetOperand(v, 0);
    v = less_constant(v, k);
    if (s->indexed)
        while (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)) v = LLVMGetOperand(v, 0);
    return LLVMIsALoadInst(v) && LLVMGetOperand(v, 0) == s->var && LLVMGetInstructionParent(v) == at &&
           !stored_after(s->var, v);
}

/* The comparison X (in block AT) of the cursor plus a constant with the end, decided
 * by s->end_rel: 1 or 0, or -1 when it is not such a comparison or the assumption
 * does not decide it. The places are small (at most the longest string plus a step),
 * so signed and unsigned comparisons agree. */
static int end_compare(const shared *s, LLVMValueRef x, LLVMBasicBlockRef at) {
    LLVMValueRef a = LLVMGetOperand(x, 0), b = LLVMGetOperand(x, 1);
    LLVMIntPredicate p = LLVMGetICmpPredicate(x);
    long long k;
    unsigned budget = 8;
    if (!cursor_value(s, a, at, &k)) {
        LLVMValueRef t = a;
        a = b;
        b = t;
        p = loop_cfg_swapped(p);
        if (!cursor_value(s, a, at, &k)) return -1;
    }
    if (!(s->indexed ? length_value(s, b, budget) : end_value(s, b, budget))) return -1;
    long long d; /* the cursor's place less the end's; below the end, only its sign is known */
    if (s->end_rel == END_AT)
        d = k - s->offset;
    else if (s->end_rel == END_BEFORE && k == 0)
        d = -1;
    else
        return -1;
    switch (p) {
    case LLVMIntEQ:
        return d == 0;
    case LLVMIntNE:
        return d != 0;
    case LLVMIntULT:
    case LLVMIntSLT:
        return d < 0;
    case LLVMIntULE:
    case LLVMIntSLE:
        return d <= 0;
    case LLVMIntUGT:
    case LLVMIntSGT:
        return d > 0;
    default:
        return d >= 0;
    }
}

/* A phi of block AT entered from an unknown block: the value every way in that a run
 * can take gives, when they agree. */
static int eval_phi_any(shared *s, LLVMValueRef x, LLVMBasicBlockRef at, unsigned depth, uint64_t *out) {
    long long y = block_index(s, at);
    int some = 0;
    uint64_t v = 0, w;
    for (unsigned k = 0; k < LLVMCountIncoming(x); k++) {
        long long q = block_index(s, LLVMGetIncomingBlock(x, k));
        if (q < 0 || y < 0) return -1;
        if (depth > 0 && !feasible(s, (unsigned)q, (unsigned)y, depth - 1)) continue;
        if (eval(s, LLVMGetIncomingValue(x, k), LLVMGetIncomingBlock(x, k), NULL, depth ? depth - 1 : 0,
                 &w) != 0 ||
            (some && w != v))
            return -1;
        v = w;
        some = 1;
    }
    if (!some) return -1;
    *out = v;
    return 0;
}

/* The value X has at the end of block AT (entered from FROM; NULL: not known) when
 * the byte at p is s->byte, into OUT. Returns 0, or -1 when unknown. */
static int eval(shared *s, LLVMValueRef x, LLVMBasicBlockRef at, LLVMBasicBlockRef from, unsigned depth,
                uint64_t *out) {
    unsigned bits = int_width(x);
    uint64_t a = 0, b = 0;
    if (s->calls.budget == 0 || !bits || bits > 64) return -1;
    s->calls.budget--;
    if (LLVMIsAConstantInt(x)) {
        *out = LLVMConstIntGetZExtValue(x) & int_mask(bits);
        return 0;
    }
    if (!LLVMIsAInstruction(x) || LLVMGetInstructionParent(x) != at) return -1;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    if (op == LLVMICmp && s->end_rel != END_UNKNOWN) {
        int c = end_compare(s, x, at);
        if (c >= 0) {
            *out = (uint64_t)c;
            return 0;
        }
    }
    switch (op) {
    case LLVMLoad: {
        LLVMValueRef index;
        unsigned classes;
        if (fresh_byte(s, x, at)) {
            *out = s->byte & int_mask(bits);
            return 0;
        }
        if (!s->calls.c_locale || !c_locale_table_entry(LLVMGetOperand(x, 0), &index) ||
            eval(s, index, at, from, depth, &a) != 0 ||
            c_locale_class(int_signed(a, int_width(index)), &classes) != 0)
            return -1;
        *out = classes & int_mask(bits);
        return 0;
    }
    case LLVMPHI: {
        long long y = block_index(s, at);
        if (y < 0 || s->stores[y]) return -1; /* p moves in AT: what came in is of another byte */
        if (!from) return eval_phi_any(s, x, at, depth, out);
        for (unsigned k = 0; k < LLVMCountIncoming(x); k++)
            if (LLVMGetIncomingBlock(x, k) == from)
                return eval(s, LLVMGetIncomingValue(x, k), from, NULL, depth, out);
        return -1;
    }
    case LLVMSelect:
        if (eval(s, LLVMGetOperand(x, 0), at, from, depth, &a) == 0)
            return eval(s, LLVMGetOperand(x, a ? 1 : 2), at, from, depth, out);
        if (eval(s, LLVMGetOperand(x, 1), at, from, depth, &a) != 0 ||
            eval(s, LLVMGetOperand(x, 2), at, from, depth, &b) != 0 || a != b)
            return -1;
        *out = a;
        return 0;
    case LLVMCall: {
        unsigned nargs = (unsigned)LLVMGetNumArgOperands(x);
        uint64_t args[8];
        if (nargs > 8) return -1;
        for (unsigned p = 0; p < nargs; p++)
            if (eval(s, LLVMGetOperand(x, p), at, from, depth, &args[p]) != 0) return -1;
        if (followed_call(&s->calls, LLVMGetCalledValue(x), nargs, args, &a) != 0) return -1;
        *out = a & int_mask(bits);
        return 0;
    }
    default:
        if (!int_arithmetic(op) || eval(s, LLVMGetOperand(x, 0), at, from, depth, &a) != 0 ||
            (!int_unary(op) && eval(s, LLVMGetOperand(x, 1), at, from, depth, &b) != 0))
            return -1;
        return int_apply(x, a, b, out);
    }
}

/* The block X's branch goes to when the byte at p is s->byte, X entered from FROM
 * (NULL: not known); NULL when the byte does not decide it. */
static LLVMBasicBlockRef decided(shared *s, unsigned x, LLVMBasicBlockRef from, unsigned depth) {
    LLVMBasicBlockRef bb = s->g->bbs[x];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    uint64_t c;
    if (LLVMIsABranchInst(term) && LLVMIsConditional(term))
        return eval(s, LLVMGetCondition(term), bb, from, depth, &c) == 0 ? LLVMGetSuccessor(term, c ? 0 : 1)
                                                                         : NULL;
    if (!LLVMIsASwitchInst(term) || eval(s, LLVMGetOperand(term, 0), bb, from, depth, &c) != 0) return NULL;
    unsigned bits = int_width(LLVMGetOperand(term, 0));
    for (unsigned k = 1; k < LLVMGetNumSuccessors(term); k++)
        if ((LLVMConstIntGetZExtValue(LLVMGetOperand(term, 2 * k)) & int_mask(bits)) == c)
            return LLVMGetSuccessor(term, k);
    return LLVMGetSuccessor(term, 0);
}

/* ONLY[e]: where edge e's block goes next when entered by e, for the byte s->byte. */
static void decide_all(shared *s, LLVMBasicBlockRef *only) {
    const cfg *g = s->g;
    for (unsigned e = 0; e < g->sfirst[g->n]; e++) {
        s->calls.budget = EVAL_BUDGET;
        only[e] = decided(s, g->succ[e], g->bbs[s->src[e]], PHI_DEPTH);
    }
}

/* ---- the two facts ---- */

/* Fact 1, for the NUL at p + s->offset: from every store to p, no way reaches a step
 * longer than that offset before another store. */
static int steps_guarded(shared *s, const LLVMBasicBlockRef *only, unsigned char *seen, unsigned *stack) {
    long long past = s->offset; /* steps longer than this would pass the byte taken as the NUL */
    const cfg *g = s->g;
    unsigned nedges = g->sfirst[g->n];
    size_t top = 0;
    memset(seen, 0, nedges);
    for (unsigned x = 0; x < g->n; x++) {
        if (!s->stores[x]) continue;
        s->calls.budget = EVAL_BUDGET;
        LLVMBasicBlockRef first = decided(s, x, NULL, PHI_DEPTH);
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1]; e++)
            if (!seen[e] && (!first || g->bbs[g->succ[e]] == first)) {
                seen[e] = 1;
                stack[top++] = e;
            }
    }
    while (top) {
        unsigned e = stack[--top], y = g->succ[e];
        if (s->steps[y] > past) return 0;
        if (s->stores[y]) continue; /* a start, or a step that stops short: p is set anew */
        for (unsigned f = g->sfirst[y]; f < g->sfirst[y + 1]; f++)
            if (!seen[f] && (!only[e] || g->bbs[g->succ[f]] == only[e])) {
                seen[f] = 1;
                stack[top++] = f;
            }
    }
    return 1;
}

/* Whether, with the string's byte at s->offset the NUL, a way from the function's
 * entry reaches a start past that byte (the string's bytes do not change, so every
 * decision on them holds all call long). */
static int starts_reached(shared *s, const LLVMBasicBlockRef *only, unsigned char *seen, unsigned *stack) {
    const cfg *g = s->g;
    size_t top = 0;
    if (s->start_at[0] > s->offset) return 1;
    memset(seen, 0, g->sfirst[g->n]);
    s->calls.budget = EVAL_BUDGET;
    LLVMBasicBlockRef first = decided(s, 0, NULL, PHI_DEPTH);
    for (unsigned e = g->sfirst[0]; e < g->sfirst[1]; e++)
        if (!first || g->bbs[g->succ[e]] == first) {
            seen[e] = 1;
            stack[top++] = e;
        }
    while (top) {
        unsigned e = stack[--top], y = g->succ[e];
        if (s->start_at[y] > s->offset) return 1;
        for (unsigned f = g->sfirst[y]; f < g->sfirst[y + 1]; f++)
            if (!seen[f] && (!only[e] || g->bbs[g->succ[f]] == only[e])) {
                seen[f] = 1;
                stack[top++] = f;
            }
    }
    return 0;
}

/* Fact 2, for one byte: CYCLIC[b] set for every block on a cycle of edges that avoids
 * the steps, each edge's next one allowed by ONLY. Tarjan's strongly connected parts
 * of the graph whose nodes are the edges, without recursion. */
static int mark_cycles(const shared *s, const LLVMBasicBlockRef *only, unsigned char *cyclic) {
    const cfg *g = s->g;
    unsigned nedges = g->sfirst[g->n], counter = 0, top = 0, ntodo = 0;
    unsigned *index = malloc((nedges + 1) * sizeof *index), *low = malloc((nedges + 1) * sizeof *low);
    unsigned *stack = malloc((nedges + 1) * sizeof *stack), *todo = malloc((nedges + 1) * sizeof *todo);
    unsigned *next = malloc((nedges + 1) * sizeof *next);
    unsigned char *on = calloc(nedges + 1, 1);
    int rc = index && low && stack && todo && next && on ? 0 : -1;
    for (unsigned e = 0; rc == 0 && e < nedges; e++) index[e] = UINT32_MAX;
#define ALLOWED(e, f)                                                                                        \
    (!s->stores[s->src[e]] && !s->stores[g->succ[e]] && !s->stores[g->succ[f]] &&                            \
     (!only[e] || g->bbs[g->succ[f]] == only[e]))
    for (unsigned root = 0; rc == 0 && root < nedges; root++) {
        if (index[root] != UINT32_MAX || s->stores[s->src[root]] || s->stores[g->succ[root]]) continue;
        index[root] = low[root] = counter++;
        stack[top++] = root;
        on[root] = 1;
        todo[ntodo] = root;
        next[ntodo++] = g->sfirst[g->succ[root]];
        while (ntodo) {
            unsigned e = todo[ntodo - 1], y = g->succ[e];
            if (next[ntodo - 1] < g->sfirst[y + 1]) {
                unsigned f = next[ntodo - 1]++;
                if (!ALLOWED(e, f)) continue;
                if (index[f] == UINT32_MAX) {
                    index[f] = low[f] = counter++;
                    stack[top++] = f;
                    on[f] = 1;
                    todo[ntodo] = f;
                    next[ntodo++] = g->sfirst[g->succ[f]];
                } else if (on[f] && index[f] < low[e]) {
                    low[e] = index[f];
                }
                continue;
            }
            ntodo--;
            if (ntodo && low[e] < low[todo[ntodo - 1]]) low[todo[ntodo - 1]] = low[e];
            if (low[e] != index[e]) continue;
            /* e roots a part: a cycle when it has two edges, or one that follows itself */
            unsigned size = 0, f;
            int self = 0;
            for (unsigned k = g->sfirst[y]; k < g->sfirst[y + 1]; k++)
                if (k == e && ALLOWED(e, k)) self = 1;
            size_t base = top;
            do {
                f = stack[--base];
                size++;
            } while (f != e);
            for (size_t k = base; k < top; k++) {
                on[stack[k]] = 0;
                if (size > 1 || self) cyclic[g->succ[stack[k]]] = 1;
            }
            top = (unsigned)base;
        }
    }
#undef ALLOWED
    free(index);
    free(low);
    free(stack);
    free(todo);
    free(next);
    free(on);
    return rc;
}

/* ---- the pointer ---- */

/* The size of the step STORE makes: p set to itself plus K bytes (i to i + K), 1 <= K
 * <= STEP_MAX, loaded in the same block; 0 when it is no step. */
static int is_step(const shared *s, LLVMValueRef var, LLVMValueRef store) {
    long long k;
    LLVMValueRef x = less_constant(LLVMGetOperand(store, 0), &k);
    if (s->indexed ? !LLVMIsAInstruction(LLVMGetOperand(store, 0)) ||
                         LLVMGetInstructionOpcode(LLVMGetOperand(store, 0)) != LLVMAdd
                   : !LLVMIsAGetElementPtrInst(LLVMGetOperand(store, 0)))
        return 0;
    return k >= 1 && k <= STEP_MAX && LLVMIsALoadInst(x) && LLVMGetOperand(x, 0) == var &&
                   LLVMGetInstructionParent(x) == LLVMGetInstructionParent(store)
               ? (int)k
               : 0;
}

/* The one object an index VAR walks: the string or array every `base[i]` with i's
 * value indexes, from its first byte; NULL when there is none, or more than one. */
static LLVMValueRef index_object(LLVMValueRef var) {
    LLVMValueRef object = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef load = LLVMGetUser(u);
        if (!LLVMIsALoadInst(load)) continue;
        for (LLVMUseRef w = LLVMGetFirstUse(load); w; w = LLVMGetNextUse(w)) {
            LLVMValueRef user = LLVMGetUser(w), extended = NULL;
            if (LLVMIsASExtInst(user) || LLVMIsAZExtInst(user)) extended = user;
            for (LLVMUseRef x = extended ? LLVMGetFirstUse(extended) : w; x;
                 x = extended ? LLVMGetNextUse(x) : NULL) {
                LLVMValueRef gep = LLVMGetUser(x), base, index, o;
                long long offset;
                if (!walk_bounds_byte_address(gep, &base, &index) || index != load) continue;
                if (!walk_bounds_place(base, &o, &offset) || offset != 0 || (object && o != object))
                    return NULL;
                object = o;
            }
        }
    }
    return object;
}

/* Whether block B lies on a cycle: a way from one of its successors back to it. */
static int in_cycle(const cfg *g, unsigned b, unsigned char *mark) {
    memset(mark, 0, g->n);
    unsigned *stack = malloc((g->n + 1) * sizeof *stack);
    size_t top = 0;
    int found = !stack; /* out of memory: say yes, which proves nothing */
    if (stack) stack[top++] = b;
    while (top && !found) {
        unsigned x = stack[--top];
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1] && !found; e++) {
            unsigned y = g->succ[e];
            found = y == b;
            if (!mark[y]) {
                mark[y] = 1;
                stack[top++] = y;
            }
        }
    }
    free(stack);
    return found;
}

/* Whether the loads of VAR in block B, from instruction I on (NULL: the block's
 * first), come after a store to it: 1 when a store comes first (a start or a step:
 * the way is done), 0 when none is there, -1 when a load of VAR comes first. */
static int loads_before_store(LLVMValueRef var, LLVMBasicBlockRef b, LLVMValueRef i) {
    for (i = i ? i : LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == var) return 1; /* a step loads p before it */
        if (LLVMIsALoadInst(i) && LLVMGetOperand(i, 0) == var) return -1;
    }
    return 0;
}

/* Whether, after WRITE (an instruction that may write the array), no load of VAR
 * comes before a start sets VAR anew: then no byte a decision assumes was written
 * over in between. */
static int written_then_started(shared *s, LLVMValueRef var, LLVMValueRef write) {
    const cfg *g = s->g;
    long long b = block_index(s, LLVMGetInstructionParent(write));
    int here = b < 0 ? -1 : loads_before_store(var, g->bbs[b], LLVMGetNextInstruction(write));
    if (here != 0) return here == 1;
    unsigned *stack = malloc((g->n + 1) * sizeof *stack);
    if (!stack) return 0;
    memset(s->seen, 0, g->n);
    size_t top = 0;
    stack[top++] = (unsigned)b;
    int ok = 1;
    while (top && ok) {
        unsigned x = stack[--top];
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1] && ok; e++) {
            unsigned y = g->succ[e];
            if (s->seen[y]) continue;
            s->seen[y] = 1;
            int k = loads_before_store(var, g->bbs[y], NULL);
            ok = k >= 0;
            if (k == 0) stack[top++] = y;
        }
    }
    free(stack);
    return ok;
}

/* Whether CALL is one of the C library's (or the runtime's) functions that write
 * through the pointers they are given and keep none of them. */
static int writes_and_forgets(LLVMValueRef call) {
    static const char *const names[] = {
        "fgets",   "fgets_unlocked", "memset",          "memcpy",        "memmove",       "strcpy",
        "strncpy", "strcat",         "strncat",         "sprintf",       "snprintf",      "fread",
        "read",    "sscanf",         "__isoc99_sscanf", FSABI_READ_TEXT, FSABI_READ_LINE, NULL};
    LLVMValueRef fn = LLVMGetCalledValue(call);
    size_t len;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "";
    if (!strncmp(name, "llvm.memset.", 12) || !strncmp(name, "llvm.memcpy.", 12) ||
        !strncmp(name, "llvm.memmove.", 13))
        return 1;
    for (size_t k = 0; names[k]; k++)
        if (!strcmp(name, names[k]))
            return LLVMCountBasicBlocks(fn) == 0; /* the library's, not one of the program's */
    return 0;
}

/* Rule (arrays walked between writes): whether every instruction that may write the
 * local array OBJECT (a store through a pointer into it, a call of the C library
 * given one that writes and keeps nothing, such as fgets) is followed by a start of
 * VAR before any load of it, and no pointer into it goes where it could be written
 * through later (memory, a function of the program, any other call). Pointers into
 * the array are followed through offsets, variables, choices and searches that
 * return one. */
static int writes_before_starts(shared *s, LLVMValueRef var, LLVMValueRef object) {
    walk_values p = {0};
    int ok = walk_values_add(&p, object) == 0;
    for (size_t k = 0; ok && k < p.n; k++)
        for (LLVMUseRef u = LLVMGetFirstUse(p.v[k]); ok && u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (LLVMIsALoadInst(user) || LLVMIsAICmpInst(user) || LLVMIsAPtrToIntInst(user)) continue;
            if (LLVMIsAStoreInst(user)) {
                LLVMValueRef to = LLVMGetOperand(user, 1);
                if (to == p.v[k]) { /* a write through it */
                    ok = written_then_started(s, var, user);
                } else if (walk_bounds_is_variable(
                               to)) { /* kept in a variable: its loads point into it too */
                    for (LLVMUseRef r = LLVMGetFirstUse(to); ok && r; r = LLVMGetNextUse(r))
                        if (LLVMIsALoadInst(LLVMGetUser(r))) ok = walk_values_add(&p, LLVMGetUser(r)) == 0;
                } else {
                    ok = 0; /* kept in memory: anything could write through it */
                }
            } else if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) || LLVMIsAPHINode(user) ||
                       LLVMIsASelectInst(user)) {
                ok = walk_values_add(&p, user) == 0;
            } else if (LLVMIsACallInst(user)) {
                int how = 0;
                for (unsigned pos = 0; pos < LLVMGetNumArgOperands(user) && how >= 0; pos++)
                    if (LLVMGetOperand(user, pos) == p.v[k]) {
                        int h = walk_bounds_call_use(user, pos);
                        how = h < 0 ? -1 : h > how ? h : how;
                    }
                if (how == 1) ok = walk_values_add(&p, user) == 0;
                if (how < 0) ok = writes_and_forgets(user) && written_then_started(s, var, user);
            } else {
                ok = 0;
            }
        }
    walk_values_free(&p);
    return ok;
}

/* The parameter of the entry drawn as length(OBJECT), a drawn string the runtime ends
 * with a NUL at that length; NULL when there is none. */
static LLVMValueRef length_param(const cfg *g, LLVMValueRef object) {
    const bound_walks *w = g->given ? &g->given->walks : NULL;
    if (!w || !w->entry || !object || !LLVMIsAArgument(object)) return NULL;
    for (unsigned i = 0; i < LLVMCountParams(w->entry); i++)
        if (given_walks_length(w, LLVMGetParam(w->entry, i)) == object) return LLVMGetParam(w->entry, i);
    return NULL;
}

/* The most steps that can follow a start when VAR is such a pointer (the stores to
 * it noted in s->stores and s->steps, and s->string set when the bound rests on a
 * NUL, so that fact 1 must hold), and whether it is set once a call (*ONCE); -1 when
 * it is not one. */
static long long walk_steps(shared *s, LLVMValueRef var, int *once) {
    const cfg *g = s->g;
    LLVMValueRef object = NULL, first = NULL;
    long long least = -1, farthest = 0;
    int nsteps = 0, nstarts = 0;
    memset(s->stores, 0, g->n);
    memset(s->steps, 0, g->n);
    for (unsigned b = 0; b < g->n; b++) s->start_at[b] = -1;
    s->longest = 0;
    *once = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u), o;
        if (!LLVMIsAStoreInst(st)) continue;
        long long b = block_index(s, LLVMGetInstructionParent(st)), at;
        if (b < 0 || s->stores[b]) return -1; /* two stores in one block: the second unguarded */
        s->stores[b] = 1;
        int size = is_step(s, var, st);
        if (size) {
            s->steps[b] = (unsigned char)size;
            if (size > s->longest) s->longest = size;
            nsteps++;
            continue;
        }
        if (s->indexed) { /* i = c: a constant place in the object found below */
            LLVMValueRef c = LLVMGetOperand(st, 0);
            if (!LLVMIsAConstantInt(c) || LLVMConstIntGetSExtValue(c) < 0) return -1;
            at = LLVMConstIntGetSExtValue(c);
        } else {
            if (!walk_bounds_place(LLVMGetOperand(st, 0), &o, &at) || (object && o != object)) return -1;
            object = o;
        }
        if (least < 0 || at < least) least = at;
        if (at > farthest) farthest = at;
        s->start_at[b] = at;
        if (!first) first = st;
        nstarts++;
    }
    if (s->indexed) object = index_object(var);
    s->object = object;
    s->len = length_param(s->g, object);
    if (!object || nsteps == 0) return -1;
    *once = nstarts == 1 && !in_cycle(g, (unsigned)block_index(s, LLVMGetInstructionParent(first)), s->seen);
    long long steps = -1, most = 0;  /* ...and the greatest place p (i) can reach */
    if (LLVMIsAAllocaInst(object)) { /* Rule (walks stay in their array) */
        /* a pointer cannot step past the array's end; an index can, but not read past
         * it, so each of its steps must come from a byte it tested not to be the NUL */
        s->string = s->indexed;
        long long size = (long long)LLVMGetArrayLength2(LLVMGetAllocatedType(object));
        if (size > 0 && least <= size && writes_before_starts(s, var, object)) steps = size - least;
        most = size;
    } else { /* starts past the first byte must be within the string: find_walk checks */
        walk_loop whole = {g->n,      g->bbs, &g->ids, g->succ, g->sfirst, g->pred,
                           g->pfirst, NULL,   NULL,    0,       g->given};
        s->string = 1;
        most = walk_bounds_argument_text(&whole, object);
        /* every start lies at or before a NUL within the longest length, so no more
         * steps follow it than that length less the least start */
        steps = most < 0 ? -1 : most > least ? most - least : 0;
        /* Rule (starts within a tested length): a start that a test of the string's
         * length places within it needs no test of its bytes (find_walk's) */
        farthest = 0;
        for (unsigned b = 0; steps >= 0 && b < g->n; b++) {
            if (s->start_at[b] <= 0) continue;
            if (walk_bounds_length_guarded(&whole, object, b, s->start_at[b]))
                s->start_at[b] = 0;
            else if (s->start_at[b] > farthest)
                farthest = s->start_at[b];
        }
    }
    s->farthest = farthest;
    if (s->indexed && steps >= 0) { /* no index may wrap on its way */
        unsigned bits = LLVMGetIntTypeWidth(LLVMGetAllocatedType(var));
        if (bits < 2 || bits > 64 || (bits < 64 && most + 1 >= (1LL << (bits - 1)))) steps = -1;
    }
    return steps;
}

/* The walk of the pointer in VAR into W, when there is one: W->steps >= 0. */
static int find_walk(shared *s, LLVMValueRef var, shared_walk *w) {
    const cfg *g = s->g;
    w->steps = walk_steps(s, var, &w->once);
    if (w->steps < 0) return 0;
    unsigned nedges = g->sfirst[g->n];
    s->var = var;
    LLVMBasicBlockRef *only = malloc(257 * (size_t)(nedges + 1) * sizeof *only);
    unsigned char *seen = calloc(nedges + 1, 1);
    unsigned *stack = malloc((nedges + 1) * sizeof *stack);
    w->starts = malloc(g->n);
    w->stepless = calloc(g->n, 1);
    int rc = only && seen && stack && w->starts && w->stepless ? 0 : -1;
    for (unsigned b = 0; rc == 0 && b < g->n; b++) w->starts[b] = s->stores[b] && !s->steps[b];
    /* Fact 1 once for each byte a step passes: the NUL at p, at p + 1, ... */
    /* Rule (walks to a drawn length): where the string's length is drawn, the NUL the
     * runtime puts at that length is also where the cursor meets the end, s + len (an
     * index, len), so a test against the end guards a step as a test of the byte does */
    s->end_rel = s->len ? END_AT : END_UNKNOWN;
    for (s->offset = 0; rc == 0 && s->string && w->steps >= 0 && s->offset < s->longest; s->offset++) {
        s->byte = 0;
        decide_all(s, only);
        if (!steps_guarded(s, only, seen, stack)) w->steps = -1;
    }
    s->end_rel = END_UNKNOWN;
    /* Starts within the string: with its byte j the NUL, no way from the entry
     * reaches a start past j, so every start is at a byte before the NUL, or at it */
    for (s->offset = 0;
         rc == 0 && s->string && !LLVMIsAAllocaInst(s->object) && w->steps >= 0 && s->offset < s->farthest;
         s->offset++) {
        s->on_object = 1;
        s->byte = 0;
        decide_all(s, only);
        if (starts_reached(s, only, seen, stack)) w->steps = -1;
    }
    s->on_object = 0;
    s->offset = 0; /* fact 2 decides on the byte at p */
    /* bytes that decide every branch alike share their cycles: each new set once. With
     * a drawn length, p (i) never passes the end (fact 1), so on a way that does not
     * move it it is either before the end, any byte there, or at it, on the NUL: 257
     * cases, the last one v = 256 */
    unsigned distinct = 0, cases = s->len ? 257 : 256;
    for (unsigned v = 0; rc == 0 && w->steps >= 0 && v < cases; v++) {
        LLVMBasicBlockRef *mine = only + (size_t)distinct * (nedges + 1);
        s->byte = v == 256 ? 0 : v;
        s->end_rel = !s->len ? END_UNKNOWN : v == 256 ? END_AT : END_BEFORE;
        decide_all(s, mine);
        int seen_before = 0;
        for (unsigned d = 0; d < distinct && !seen_before; d++)
            seen_before = !memcmp(only + (size_t)d * (nedges + 1), mine, nedges * sizeof *mine);
        if (seen_before) continue;
        distinct++;
        rc = mark_cycles(s, mine, w->stepless);
    }
    s->end_rel = END_UNKNOWN;
    free(only);
    free(seen);
    free(stack);
    return rc;
}

void shared_walks_free(shared_walks *w) {
    for (size_t k = 0; k < w->n; k++) {
        free(w->walks[k].starts);
        free(w->walks[k].stepless);
    }
    free(w->walks);
    w->walks = NULL;
    w->n = 0;
}

int shared_walks_find(const cfg *g, shared_walks *out) {
    out->walks = NULL;
    out->n = 0;
    out->nblocks = g->n;
    if (g->n == 0 || g->sfirst[g->n] > EDGES_MAX) return 0;
    shared s = {.g = g,
                .calls.c_locale =
                    !c_locale_may_change(LLVMGetGlobalParent(LLVMGetBasicBlockParent(g->bbs[0])))};
    s.stores = calloc(g->n, 1);
    s.steps = calloc(g->n, 1);
    s.seen = calloc(g->n, 1);
    s.start_at = malloc((g->n + 1) * sizeof *s.start_at);
    s.src = malloc((g->sfirst[g->n] + 1) * sizeof *s.src);
    int rc = s.stores && s.steps && s.seen && s.start_at && s.src ? 0 : -1;
    for (unsigned x = 0; rc == 0 && x < g->n; x++)
        for (unsigned e = g->sfirst[x]; e < g->sfirst[x + 1]; e++) s.src[e] = x;
    for (LLVMValueRef i = LLVMGetFirstInstruction(g->bbs[0]); rc == 0 && i; i = LLVMGetNextInstruction(i)) {
        LLVMTypeKind kind =
            LLVMIsAAllocaInst(i) ? LLVMGetTypeKind(LLVMGetAllocatedType(i)) : LLVMVoidTypeKind;
        if ((kind != LLVMPointerTypeKind && kind != LLVMIntegerTypeKind) || !walk_bounds_is_variable(i))
            continue;
        s.indexed = kind == LLVMIntegerTypeKind;
        shared_walk w = {0};
        rc = find_walk(&s, i, &w);
        shared_walk *grown =
            rc == 0 && w.steps >= 0 ? realloc(out->walks, (out->n + 1) * sizeof *grown) : NULL;
        if (grown) {
            out->walks = grown;
            out->walks[out->n++] = w;
        } else {
            rc = rc == 0 && w.steps >= 0 ? -1 : rc;
            free(w.starts);
            free(w.stepless);
        }
    }
    free(s.stores);
    free(s.steps);
    free(s.seen);
    free(s.start_at);
    free(s.src);
    if (rc != 0) shared_walks_free(out);
    return rc;
}

/* Rule (shared walks): the passes of the loop COMP headed by H, from the steps of the
 * walks that every way round it takes. */
long long shared_walks_passes(const shared_walks *w, const unsigned char *comp, unsigned h) {
    long long best = -1;
    for (size_t k = 0; w && k < w->n; k++) {
        const shared_walk *x = &w->walks[k];
        int started = 0;
        for (unsigned b = 0; comp && b < w->nblocks && !started; b++) started = comp[b] && x->starts[b];
        if (!started && !x->stepless[h] && (best < 0 || x->steps < best)) best = x->steps;
    }
    return best;
}

void shared_walks_lower(const shared_walks *w, const cfg *g, uint64_t *per_call, int *cap_of) {
    unsigned char *away = malloc(g->n + 1), *reached = malloc(g->n + 1);
    for (size_t k = 0; away && reached && k < w->n; k++) {
        const shared_walk *x = &w->walks[k];
        /* the starts a call can make, each on its own bound */
        uint64_t starts = 0;
        int capped = 0;
        for (unsigned b = 0; b < g->n; b++) {
            if (!x->starts[b]) continue;
            capped |= cap_of[b] >= 0;
            starts = per_call[b] == LOOP_BOUNDS_UNBOUNDED || starts > LOOP_BOUNDS_UNBOUNDED - per_call[b]
                         ? LOOP_BOUNDS_UNBOUNDED
                         : starts + per_call[b];
        }
        uint64_t each = (uint64_t)x->steps + 1;
        if (capped || starts == LOOP_BOUNDS_UNBOUNDED || starts > LOOP_BOUNDS_UNBOUNDED / each) continue;
        /* the blocks the entry reaches only through a start */
        for (unsigned b = 0; b < g->n; b++) away[b] = !x->starts[b];
        loop_cfg_reach(g, 0, away, g->succ, g->sfirst, reached);
        for (unsigned b = 0; b < g->n; b++) {
            uint64_t most = x->once ? each : starts * each;
            if (x->stepless[b] || (!x->once && away[0] && reached[b]) || most >= per_call[b]) continue;
            per_call[b] = most;
            cap_of[b] = -1;
        }
    }
    free(away);
    free(reached);
}
