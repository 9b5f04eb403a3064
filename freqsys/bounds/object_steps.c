/* freqsys/bounds/object_steps.c: a bound on loops that move a pointer one way through one object. */
/* SPDX-License-Identifier: MIT */
#include "object_steps.h"

#include <stdlib.h>
#include <string.h>
#include <llvm-c/Target.h>
#include "given_walks.h"
#include "unsigned_slots.h"

/* Rule (pointers stay in their object). Why it holds. The pointer p lives in a local
 * variable whose address goes nowhere. Every value ever stored into it, anywhere in
 * the function, points into one object O of S bytes, or is NULL: O itself, an
 * inbounds offset from such a pointer, a phi or select of them, what a variable
 * holding only such pointers gives, or what strchr and the like return of one. O is
 * a pointer argument the runtime draws into a buffer of its own, at most S bytes (a
 * string's characters at their most and the NUL, a buffer's, an array's at its
 * longest: given_walks_object_bytes), or a local or global object of a sized type.
 * In C a pointer into O stays within O or one past its end: arithmetic that leaves
 * it is undefined, and LLVM's inbounds offsets then give poison. So p takes values
 * in [O, O + S]. Every way round the loop, from its header back to it, moves p at
 * least a byte the same way (the levels below), so the values p has at the header
 * on successive passes strictly increase (or decrease) within those S + 1 places:
 * at most S returns to the header per entry.
 *
 * The levels. At the header, p holds x0. Each variable the loop uses gets a level at
 * each point of one pass: NONE (nothing known), or SAME + d (at least d bytes past
 * x0 the way p moves, d from 0 to STRIDE_MAX; SAME + 1 is MOVED), and a flag
 * MAY_BE_NULL. p starts SAME, the others NONE. A load gives its variable's level
 * there; an inbounds offset of at least k bytes the way of the move (k may be below
 * 0) adds k to its base's level, NONE below SAME; a phi or select takes the least of
 * its operands; a store sets its variable's level. NULL is at any level but flagged:
 * an offset from NULL is undefined too, so a pass that starts at NULL cannot move,
 * and on the way a branch takes when a value is not NULL the variables holding it
 * lose the flag. On the way a branch takes when one pointer is below another, the
 * variables holding the greater are at least a byte past the lesser's level (`if (op
 * < limit) op = limit;` moves op on). Inlined helpers that return the pointer they
 * were given, moved, pass it through their parameters' variables this way. The
 * levels are the greatest solution of these equations over the loop's blocks (the
 * header's entry fixed), an invariant of every pass; the rule holds when p is at
 * least MOVED, not flagged, on every edge back to the header. When every edge back
 * moves p at least m bytes, its values at the header are m apart: at most S / m
 * returns. A cycle entered at several blocks is cut at one of its blocks, taken for
 * the header: a way from it back to it never leaves the cycle, so the edges into the
 * cycle from outside play no part in the levels. The levels start at their greatest
 * and only fall; a level that keeps falling (a cycle inside that moves p back) is
 * taken down to NONE, which keeps every equation satisfied when the sweeps end (a
 * lower bound is still a bound).
 *
 * Amortized (object_steps_amortized): when only the returns through the inner loop's
 * own blocks must move p, and those through the loop around it only keep it at or
 * past x0, the header's values never go back over one entry into the loop around. */

#define SLOTS_MAX   256     /* pointer variables the levels follow */
#define STATE_MAX   4000000 /* blocks times variables */
#define ROUNDS_MAX  64      /* sweeps over the loop before giving up */
#define FALLS_MAX   6       /* times a level at a block's start may fall before it goes down to NONE */
#define LEVEL_DEPTH 32      /* operands followed to find one value's level */
#define ORIGIN_MAX  4096    /* values looked at to find where the pointer points */

#define STRIDE_MAX 32 /* the most bytes of a move that the levels tell apart */

enum { NONE = 0, SAME = 1, MOVED = 2, TOP = SAME + STRIDE_MAX, MAY_BE_NULL = 128, LEVEL = 127 };

typedef struct stepper {
    const walk_loop *l;
    const unsigned char *own; /* [n] the blocks of the loop whose returns must move p; NULL: all */
    LLVMTargetDataRef td;
    object_steps_range range;
    void *ctx;
    int dir;             /* +1: p moves up; -1: down */
    ptr_map slot_of;     /* variable -> its index */
    LLVMValueRef *slots; /* the cursor and the variables whose levels can reach it */
    unsigned nslots;
    unsigned char *in, *out; /* [n * nslots] levels at each block's start and end */
    unsigned char *not_null; /* [n * nslots] variables the branch ending a block finds not NULL */
    long long *not_null_to;  /* [n] the block its branch takes when they are not NULL, else -1 */
    unsigned char *raised;   /* [n * nslots] levels the branch ending a block proves, on its way to... */
    long long *raised_to;    /* [n] ...this block (-1: none) */
    unsigned *blocks;        /* the loop's blocks, in order */
    unsigned nblocks;
    unsigned char *st;    /* [nslots] scratch: the levels as a sweep goes */
    unsigned char *falls; /* [n * nslots] how often each level at a block's start fell */
    LLVMValueRef *holds;  /* [nslots] scratch: the value each variable last took in a block */
    ptr_map levels;       /* a load's or phi's level in the latest sweep */
    int changed;
} stepper;

static long long block_of(const walk_loop *l, LLVMValueRef inst) {
    return ptr_map_get(l->ids, LLVMGetInstructionParent(inst));
}

static int is_pointer(LLVMValueRef v) {
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

/* ---- where the pointer points ---- */

typedef struct origin_walk {
    const walk_loop *l;
    ptr_map seen; /* variables and values already looked at */
    unsigned budget;
    LLVMValueRef object;
} origin_walk;

/* Whether V points into o->object (set on first sight) or is NULL, per the rule. */
static int points_into(origin_walk *o, LLVMValueRef v) {
    if (o->budget == 0) return 0;
    o->budget--;
    if (LLVMIsAConstantPointerNull(v)) return 1;
    if (ptr_map_get(&o->seen, v) >= 0) return 1; /* a cycle through phis or variables: no new value */
    if (ptr_map_put(&o->seen, v, 1) != 0) return 0;
    LLVMValueRef base = NULL;
    if (LLVMIsAArgument(v) || LLVMIsAGlobalVariable(v) ||
        (LLVMIsAAllocaInst(v) && !walk_bounds_is_variable(v))) {
        base = v;
    } else if (LLVMIsAGetElementPtrInst(v) ||
               (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)) {
        return LLVMIsInBounds(v) && points_into(o, LLVMGetOperand(v, 0));
    } else if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)) {
        return points_into(o, LLVMGetOperand(v, 0));
    } else if (LLVMIsAPHINode(v)) {
        for (unsigned k = 0; k < LLVMCountIncoming(v); k++)
            if (!points_into(o, LLVMGetIncomingValue(v, k))) return 0;
        return 1;
    } else if (LLVMIsASelectInst(v)) {
        return points_into(o, LLVMGetOperand(v, 1)) && points_into(o, LLVMGetOperand(v, 2));
    } else if (LLVMIsALoadInst(v)) {
        LLVMValueRef var = LLVMGetOperand(v, 0);
        if (!walk_bounds_is_variable(var)) return 0;
        if (ptr_map_get(&o->seen, var) >= 0) return 1;
        if (ptr_map_put(&o->seen, var, 1) != 0) return 0;
        for (LLVMUseRef u = LLVMGetFirstUse(var); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef st = LLVMGetUser(u);
            if (LLVMIsAStoreInst(st) && !points_into(o, LLVMGetOperand(st, 0))) return 0;
        }
        return 1;
    } else if (LLVMIsACallInst(v)) {
        /* strchr and the like: a pointer into the argument they read, or NULL */
        int found = 0;
        for (unsigned pos = 0; pos < LLVMGetNumArgOperands(v); pos++) {
            LLVMValueRef arg = LLVMGetOperand(v, pos);
            if (!is_pointer(arg) || walk_bounds_call_use(v, pos) != 1) continue;
            if (!points_into(o, arg)) return 0;
            found = 1;
        }
        return found;
    } else {
        return 0;
    }
    if (o->object && o->object != base) return 0;
    o->object = base;
    return 1;
}

/* The bytes of OBJECT, one of the kinds the rule names; -1 when not known. */
static long long object_size(const stepper *s, LLVMValueRef object) {
    if (LLVMIsAArgument(object)) {
        double bytes = s->l->given ? given_walks_object_bytes(&s->l->given->walks, object) : -1;
        return bytes >= 1 && bytes <= 1e15 ? (long long)bytes : -1;
    }
    if (LLVMIsAGlobalVariable(object)) {
        LLVMTypeRef t = LLVMGlobalGetValueType(object);
        return LLVMTypeIsSized(t) ? (long long)LLVMABISizeOfType(s->td, t) : -1;
    }
    LLVMTypeRef t = LLVMGetAllocatedType(object);
    LLVMValueRef count = LLVMGetOperand(object, 0);
    if (!LLVMTypeIsSized(t) || !LLVMIsAConstantInt(count)) return -1;
    return (long long)(LLVMABISizeOfType(s->td, t) * LLVMConstIntGetZExtValue(count));
}

/* The object the variable VAR points into, through every store to it, when the rule
 * can use it: its size into SIZE. NULL otherwise. */
static LLVMValueRef cursor_object(const stepper *s, LLVMValueRef var, long long *size) {
    origin_walk o = {s->l, {0}, ORIGIN_MAX, NULL};
    int ok = ptr_map_put(&o.seen, var, 1) == 0;
    for (LLVMUseRef u = LLVMGetFirstUse(var); ok && u; u = LLVMGetNextUse(u)) {
        LLVMValueRef st = LLVMGetUser(u);
        if (LLVMIsAStoreInst(st)) ok = points_into(&o, LLVMGetOperand(st, 0));
    }
    ptr_map_free(&o.seen);
    if (!ok || !o.object) return NULL;
    *size = object_size(s, o.object);
    return *size > 0 ? o.object : NULL;
}

/* ---- the levels ---- */

#define NO_MOVE (-1000) /* gep_move: nothing known */

/* The least bytes GEP moves its base the way s->dir, from -STRIDE_MAX (back) to
 * STRIDE_MAX; NO_MOVE when it may move it farther back, or is not known. */
static int gep_move(const stepper *s, LLVMValueRef gep) {
    if (!LLVMIsInBounds(gep)) return NO_MOVE;
    __int128 lo = 0, hi = 0;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    for (int k = 1; k < n; k++) {
        LLVMValueRef ix = LLVMGetOperand(gep, k);
        if (k > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (!LLVMIsAConstantInt(ix)) return NO_MOVE;
            unsigned field = (unsigned)LLVMConstIntGetZExtValue(ix);
            __int128 at = (__int128)LLVMOffsetOfElement(s->td, t, field);
            lo += at;
            hi += at;
            t = LLVMStructGetTypeAtIndex(t, field);
            continue;
        }
        if (k > 1) {
            LLVMTypeKind kind = LLVMGetTypeKind(t);
            if (kind != LLVMArrayTypeKind && kind != LLVMVectorTypeKind) return NO_MOVE;
            t = LLVMGetElementType(t);
        }
        if (!LLVMTypeIsSized(t)) return NO_MOVE;
        __int128 size = (__int128)LLVMABISizeOfType(s->td, t);
        long long a, b;
        if (LLVMIsAConstantInt(ix)) {
            a = b = LLVMConstIntGetSExtValue(ix);
        } else {
            int known = s->range && s->range(s->ctx, ix, &a, &b) == 0;
            if (unsigned_slots_offset(s->l->given ? s->l->given->unsigned_slots : NULL, ix)) {
                /* below 0 read signed is 2^63 or more read unsigned: undefined */
                if (!known) b = (long long)1 << 62; /* as good as no greatest: no move down */
                a = known && a > 0 ? a : 0;
            } else if (!known) {
                return NO_MOVE;
            }
        }
        lo += size * a;
        hi += size * b;
    }
    if (s->dir < 0) {
        __int128 t2 = -lo;
        lo = -hi;
        hi = t2;
    }
    (void)hi;
    return lo > STRIDE_MAX ? STRIDE_MAX : lo < -STRIDE_MAX ? NO_MOVE : (int)lo;
}

/* The meet of two levels: the lesser level, NULL where either may be. */
static int least(int a, int b) {
    int la = a & LEVEL, lb = b & LEVEL;
    return (la < lb ? la : lb) | ((a | b) & MAY_BE_NULL);
}

/* V's level at the point of the sweep that looks at it. */
static int level(stepper *s, LLVMValueRef v, unsigned depth) {
    long long seen = ptr_map_get(&s->levels, v);
    if (seen >= 0) return (int)seen;
    if (LLVMIsAConstantPointerNull(v)) return TOP | MAY_BE_NULL; /* NULL cannot be moved: see the rule */
    if (!LLVMIsAInstruction(v) || depth == 0) return NONE;
    long long b = block_of(s->l, v);
    if (b < 0 || !s->l->comp[b]) return NONE; /* from before the pass */
    if (LLVMIsALoadInst(v))
        return ptr_map_get(&s->slot_of, LLVMGetOperand(v, 0)) >= 0 ? TOP : NONE; /* not swept yet */
    if (LLVMIsAPHINode(v)) return (unsigned)b == s->l->header ? NONE : TOP;      /* not swept yet */
    if (LLVMIsAGetElementPtrInst(v)) {
        int base = level(s, LLVMGetOperand(v, 0), depth - 1);
        int move = (base & LEVEL) == NONE ? NO_MOVE : gep_move(s, v), to = (base & LEVEL) + move;
        if (move == NO_MOVE || to < SAME) return NONE;
        return (to > TOP ? TOP : to) | (base & MAY_BE_NULL);
    }
    if (LLVMIsASelectInst(v))
        return least(level(s, LLVMGetOperand(v, 1), depth - 1), level(s, LLVMGetOperand(v, 2), depth - 1));
    if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
        return level(s, LLVMGetOperand(v, 0), depth - 1);
    return NONE;
}

static int record(stepper *s, LLVMValueRef v, int lv) {
    long long was = ptr_map_get(&s->levels, v);
    if (was == lv) return 0;
    s->changed = 1;
    return ptr_map_put(&s->levels, v, (unsigned)lv);
}

/* The value a branch ending BB compares with NULL, and into NONNULL the block it
 * takes when that value is not NULL; NULL when it compares no such value. */
static LLVMValueRef null_test(const stepper *s, LLVMBasicBlockRef bb, long long *nonnull) {
    LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
        LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
        return NULL; /* both ways to one block: the NULL way goes there too */
    LLVMValueRef c = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(c)) return NULL;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    if (pr != LLVMIntEQ && pr != LLVMIntNE) return NULL;
    LLVMValueRef x = LLVMGetOperand(c, 0), y = LLVMGetOperand(c, 1);
    if (LLVMIsAConstantPointerNull(x))
        x = y;
    else if (!LLVMIsAConstantPointerNull(y))
        return NULL;
    *nonnull = ptr_map_get(s->l->ids, LLVMGetSuccessor(br, pr == LLVMIntEQ ? 1 : 0));
    return *nonnull >= 0 ? x : NULL;
}

/* The value a branch ending BB finds the greater of two pointers the way s->dir
 * moves, and into NEARER the other, on the way to *TO; NULL when it compares no
 * pointers. Only the strict comparison's way is taken: there the greater is at least
 * a byte further. */
static LLVMValueRef order_test(const stepper *s, LLVMBasicBlockRef bb, LLVMValueRef *nearer, long long *to) {
    LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
        LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
        return NULL;
    LLVMValueRef c = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(c) || !is_pointer(LLVMGetOperand(c, 0))) return NULL;
    LLVMValueRef x = LLVMGetOperand(c, 0), y = LLVMGetOperand(c, 1), lo, hi;
    unsigned way;
    switch (LLVMGetICmpPredicate(c)) {
    case LLVMIntULT: /* x < y on the way taken */
        lo = x, hi = y, way = 0;
        break;
    case LLVMIntUGE: /* x < y on the other */
        lo = x, hi = y, way = 1;
        break;
    case LLVMIntUGT: /* y < x on the way taken */
        lo = y, hi = x, way = 0;
        break;
    case LLVMIntULE: /* y < x on the other */
        lo = y, hi = x, way = 1;
        break;
    default:
        return NULL;
    }
    *to = ptr_map_get(s->l->ids, LLVMGetSuccessor(br, way));
    if (*to < 0) return NULL;
    *nearer = s->dir > 0 ? lo : hi;
    return s->dir > 0 ? hi : lo;
}

/* The level of variable K on the edge from block P to block B. */
static int edge_level(const stepper *s, unsigned p, unsigned b, unsigned k) {
    size_t at = (size_t)p * s->nslots + k;
    int lv = s->out[at];
    if (s->not_null_to[p] == (long long)b && s->not_null[at]) lv &= LEVEL;
    if (s->raised_to[p] == (long long)b && (s->raised[at] & LEVEL) > (lv & LEVEL))
        lv = (s->raised[at] & LEVEL) | (lv & MAY_BE_NULL);
    return lv;
}

/* One sweep of block B: its levels at the start from its predecessors', then its
 * instructions in order. Returns 0, or -1 when the rule cannot be used. */
static int sweep(stepper *s, unsigned b, unsigned cursor) {
    const walk_loop *l = s->l;
    unsigned n = s->nslots;
    unsigned char *in = s->in + (size_t)b * n, *out = s->out + (size_t)b * n;
    if (b == l->header) {
        memset(in, NONE, n);
        in[cursor] = SAME;
    } else {
        unsigned char *was = s->st;
        memcpy(was, in, n);
        memset(in, TOP, n);
        for (unsigned e = l->pfirst[b]; e < l->pfirst[b + 1]; e++) {
            unsigned p = l->pred[e];
            if (!l->comp[p]) continue; /* another entry: on no way from the header back to it */
            for (unsigned k = 0; k < n; k++) in[k] = (unsigned char)least(in[k], edge_level(s, p, b, k));
        }
        /* levels only fall, so the sweeps end; one that keeps falling falls all the way */
        unsigned char *falls = s->falls + (size_t)b * n;
        for (unsigned k = 0; k < n; k++) {
            in[k] = (unsigned char)least(in[k], was[k]);
            if ((in[k] & LEVEL) < (was[k] & LEVEL) && ++falls[k] >= FALLS_MAX)
                in[k] = (unsigned char)(NONE | (in[k] & MAY_BE_NULL));
        }
    }
    unsigned char *st = s->st;
    LLVMValueRef *holds = s->holds;
    memset(holds, 0, n * sizeof *holds);
    memcpy(st, in, n);
    int rc = 0;
    LLVMBasicBlockRef bb = l->bbs[b];
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && rc == 0; i = LLVMGetNextInstruction(i)) {
        if (LLVMIsAPHINode(i)) {
            int lv = b == l->header ? NONE : TOP;
            for (unsigned k = 0; k < LLVMCountIncoming(i) && lv != NONE; k++)
                lv = least(lv, level(s, LLVMGetIncomingValue(i, k), LEVEL_DEPTH));
            rc = record(s, i, lv);
        } else if (LLVMIsALoadInst(i)) {
            long long k = ptr_map_get(&s->slot_of, LLVMGetOperand(i, 0));
            if (k >= 0) {
                rc = record(s, i, st[k]);
                holds[k] = i;
            }
        } else if (LLVMIsAStoreInst(i)) {
            long long k = ptr_map_get(&s->slot_of, LLVMGetOperand(i, 1));
            if (k >= 0) {
                st[k] = (unsigned char)level(s, LLVMGetOperand(i, 0), LEVEL_DEPTH);
                holds[k] = LLVMGetOperand(i, 0);
            }
        }
    }
    /* a branch on whether a value is NULL: the variables holding it are not on one way */
    long long to = -1;
    LLVMValueRef tested = rc == 0 ? null_test(s, bb, &to) : NULL;
    unsigned char *nn = s->not_null + (size_t)b * n;
    memset(nn, 0, n);
    for (unsigned k = 0; tested && k < n; k++) nn[k] = holds[k] == tested;
    if (s->not_null_to[b] != (tested ? to : -1)) {
        s->not_null_to[b] = tested ? to : -1;
        s->changed = 1;
    }
    if (memcmp(st, out, n) != 0) {
        memcpy(out, st, n);
        s->changed = 1;
    }
    /* a branch on how two pointers compare: the greater is at least a byte past the
     * other (`if (op < limit) op = limit;` moves op on) */
    LLVMValueRef nearer = NULL, further = rc == 0 ? order_test(s, bb, &nearer, &to) : NULL;
    int near_level = further ? level(s, nearer, LEVEL_DEPTH) : NONE;
    int past = near_level & MAY_BE_NULL ? NONE : near_level;      /* past NULL says nothing */
    unsigned char *ra = s->raised + (size_t)b * n, *seen = s->st; /* st is out now */
    memcpy(seen, ra, n);
    for (unsigned k = 0; k < n; k++)
        ra[k] =
            (unsigned char)(past != NONE && holds[k] == further ? (past + 1 > TOP ? TOP : past + 1) : NONE);
    if (s->raised_to[b] != (past != NONE ? to : -1) || memcmp(seen, ra, n) != 0) {
        s->raised_to[b] = past != NONE ? to : -1;
        s->changed = 1;
    }
    return rc;
}

/* The least bytes, at least 1, the variable CURSOR moves the way s->dir every way
 * round; 0 when some way round may not move it. */
static int moves_every_round(stepper *s, unsigned cursor) {
    const walk_loop *l = s->l;
    for (unsigned k = 0; k < s->nblocks; k++) {
        unsigned b = s->blocks[k];
        memset(s->in + (size_t)b * s->nslots, TOP, s->nslots);
        memset(s->out + (size_t)b * s->nslots, TOP, s->nslots);
        memset(s->not_null + (size_t)b * s->nslots, 0, s->nslots);
        memset(s->raised + (size_t)b * s->nslots, NONE, s->nslots);
        memset(s->falls + (size_t)b * s->nslots, 0, s->nslots);
        s->not_null_to[b] = -1;
        s->raised_to[b] = -1;
    }
    ptr_map_free(&s->levels);
    memset(&s->levels, 0, sizeof s->levels);
    int round = 0;
    do {
        s->changed = 0;
        for (unsigned k = 0; k < s->nblocks; k++)
            if (sweep(s, s->blocks[k], cursor) != 0) return 0;
    } while (s->changed && ++round < ROUNDS_MAX);
    if (s->changed) return 0;
    int least_move = STRIDE_MAX;
    for (unsigned e = l->pfirst[l->header]; e < l->pfirst[l->header + 1]; e++) {
        unsigned p = l->pred[e];
        if (!l->comp[p]) continue;
        int lv = edge_level(s, p, l->header, cursor);
        if (s->own && !s->own[p]) {
            if (lv < SAME || lv > TOP) return 0; /* back through the loop around: not back */
            continue;
        }
        if (lv < MOVED || lv > TOP) return 0;
        if (lv - SAME < least_move) least_move = lv - SAME;
    }
    return least_move;
}

/* Whether VAR is a local pointer variable whose address goes nowhere. */
static int pointer_variable(LLVMValueRef var) {
    return var && LLVMIsAAllocaInst(var) &&
           LLVMGetTypeKind(LLVMGetAllocatedType(var)) == LLVMPointerTypeKind && walk_bounds_is_variable(var);
}

/* Adds to S's slots the pointer variables whose loads V is made from (through
 * offsets, phis, selects and casts): their levels can reach what V is stored into.
 * Returns 0, or -1 when there are too many. */
static int sources_of(stepper *s, LLVMValueRef v, unsigned depth, ptr_map *seen) {
    if (depth == 0 || !LLVMIsAInstruction(v) || ptr_map_get(seen, v) >= 0) return 0;
    if (ptr_map_put(seen, v, 1) != 0) return -1;
    if (LLVMIsALoadInst(v)) {
        LLVMValueRef var = LLVMGetOperand(v, 0);
        if (!pointer_variable(var) || ptr_map_get(&s->slot_of, var) >= 0) return 0;
        if (s->nslots == SLOTS_MAX || ptr_map_put(&s->slot_of, var, s->nslots) != 0) return -1;
        s->slots[s->nslots++] = var;
        return 0;
    }
    if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
        return sources_of(s, LLVMGetOperand(v, 0), depth - 1, seen);
    if (LLVMIsASelectInst(v))
        return sources_of(s, LLVMGetOperand(v, 1), depth - 1, seen) ||
               sources_of(s, LLVMGetOperand(v, 2), depth - 1, seen);
    if (LLVMIsAPHINode(v))
        for (unsigned k = 0; k < LLVMCountIncoming(v); k++)
            if (sources_of(s, LLVMGetIncomingValue(v, k), depth - 1, seen) != 0) return -1;
    return 0;
}

/* Into S's slots, CURSOR first, the variables whose levels can reach it: those whose
 * loads make a value the loop stores into one of them. A variable the loop does not
 * follow is at no level, as it would be: a load gives the level its variable has at
 * the header (nothing) unless the loop stored into it. Returns 0, or -1. */
static int find_slots(stepper *s, LLVMValueRef cursor) {
    ptr_map_free(&s->slot_of);
    memset(&s->slot_of, 0, sizeof s->slot_of);
    s->nslots = 0;
    if (ptr_map_put(&s->slot_of, cursor, 0) != 0) return -1;
    s->slots[s->nslots++] = cursor;
    ptr_map seen = {0};
    int rc = 0;
    for (unsigned k = 0; rc == 0 && k < s->nslots; k++)
        for (LLVMUseRef u = LLVMGetFirstUse(s->slots[k]); rc == 0 && u; u = LLVMGetNextUse(u)) {
            LLVMValueRef st = LLVMGetUser(u);
            long long b = LLVMIsAStoreInst(st) ? block_of(s->l, st) : -1;
            if (b >= 0 && s->l->comp[b]) rc = sources_of(s, LLVMGetOperand(st, 0), LEVEL_DEPTH, &seen);
        }
    ptr_map_free(&seen);
    return rc;
}

static long long trips(const walk_loop *l, const unsigned char *own, object_steps_range range, void *ctx) {
    LLVMValueRef fn = LLVMGetBasicBlockParent(l->bbs[l->header]);
    LLVMModuleRef m = LLVMGetGlobalParent(fn);
    stepper s = {.l = l, .own = own, .td = LLVMGetModuleDataLayout(m), .range = range, .ctx = ctx, .dir = 1};
    long long best = -1;
    ptr_map tried = {0};
    s.slots = malloc(SLOTS_MAX * sizeof *s.slots);
    s.not_null_to = malloc((size_t)l->n * sizeof *s.not_null_to);
    s.raised_to = malloc((size_t)l->n * sizeof *s.raised_to);
    s.blocks = malloc((size_t)l->n * sizeof *s.blocks);
    s.st = malloc(SLOTS_MAX);
    s.holds = malloc(SLOTS_MAX * sizeof *s.holds);
    if (!s.slots || !s.not_null_to || !s.raised_to || !s.blocks || !s.st || !s.holds) goto done;
    for (unsigned b = 0; b < l->n; b++)
        if (l->comp[b]) s.blocks[s.nblocks++] = b;
    /* each pointer variable the loop stores into, as the cursor */
    for (unsigned k = 0; k < s.nblocks; k++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[s.blocks[k]]); i;
             i = LLVMGetNextInstruction(i)) {
            LLVMValueRef var = LLVMIsAStoreInst(i) ? LLVMGetOperand(i, 1) : NULL;
            long long size;
            if (!pointer_variable(var) || ptr_map_get(&tried, var) >= 0) continue;
            if (ptr_map_put(&tried, var, 1) != 0) goto done;
            if (!cursor_object(&s, var, &size) || (best >= 0 && size / STRIDE_MAX >= best)) continue;
            if (find_slots(&s, var) != 0 || (size_t)l->n * s.nslots > STATE_MAX) continue;
            free(s.in);
            free(s.out);
            free(s.not_null);
            free(s.raised);
            free(s.falls);
            s.in = malloc((size_t)l->n * s.nslots);
            s.out = malloc((size_t)l->n * s.nslots);
            s.not_null = malloc((size_t)l->n * s.nslots);
            s.raised = malloc((size_t)l->n * s.nslots);
            s.falls = malloc((size_t)l->n * s.nslots);
            if (!s.in || !s.out || !s.not_null || !s.raised || !s.falls) goto done;
            for (int dir = 1; dir >= -1; dir -= 2) {
                s.dir = dir;
                int stride = moves_every_round(&s, 0);
                if (stride > 0) {
                    long long k = size / stride;
                    if (best < 0 || k < best) best = k;
                    break;
                }
            }
        }
done:
    ptr_map_free(&tried);
    ptr_map_free(&s.levels);
    ptr_map_free(&s.slot_of);
    free(s.slots);
    free(s.in);
    free(s.out);
    free(s.not_null);
    free(s.not_null_to);
    free(s.raised);
    free(s.raised_to);
    free(s.falls);
    free(s.blocks);
    free(s.st);
    free(s.holds);
    return best;
}

long long object_steps_trips(const walk_loop *l, object_steps_range range, void *ctx) {
    return trips(l, NULL, range, ctx);
}

long long object_steps_amortized(const walk_loop *around, const unsigned char *own, object_steps_range range,
                                 void *ctx) {
    return trips(around, own, range, ctx);
}

long long object_steps_pointee_bytes(const walk_loop *l, LLVMValueRef v) {
    LLVMValueRef fn = LLVMGetBasicBlockParent(l->bbs[l->header]);
    stepper s = {.l = l, .td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn))};
    origin_walk o = {l, {0}, ORIGIN_MAX, NULL};
    int ok = points_into(&o, v);
    ptr_map_free(&o.seen);
    return ok && o.object ? object_size(&s, o.object) : -1;
}
