/* freqsys/bounds/euclid_bounds.c: a bound on loops that take Euclid's remainders, by Lamé's theorem. */
/* SPDX-License-Identifier: MIT */
#include "euclid_bounds.h"

#include <stdlib.h>

/*
 * Rule (Euclid's remainders). The loop is one chain of blocks, H and then blocks each
 * with one way on, back to H; H's test stays only when r != 0 (`r != 0`, `r > 0`,
 * `r < 0`, either branch), r loaded in H. x and r are local integer variables of one
 * type used only by loads and stores, none stored in H. Followed through the chain,
 * load by load and store by store, the values stored last are r' = x % r (`%`, or
 * `x - (x / r) * r`, what C's truncating `%` is) and x' = r, of x and r as H saw
 * them. Every store of r outside the loop writes a value of known range, |r| <= R.
 *
 * C's `%` truncates, so |x % r| = |x| mod |r|: the absolute values run Euclid's
 * algorithm on (|x|, |r|), and each pass whose test passed is one division step. If
 * k steps are taken, the first leaves (|r|, |x| mod |r|), on which k - 1 more steps
 * are taken; Lamé: a pair a > b >= 1 that takes m steps has a >= F(m + 2), so with
 * m = k - 1 >= 1, |r| >= F(k + 1), which also holds for k = 1. The test passes at
 * most K times per entry, K the largest k with F(k + 1) <= R: 29 for R = 10^6.
 * x / r cannot overflow but for the minimum over -1, which C leaves undefined.
 */

#define CHAIN_MAX 64   /* blocks in the way round */
#define TERMS_MAX 4096 /* values followed along it */

typedef enum term_kind { T_START, T_CONST, T_DIV, T_REM, T_SUB, T_MUL, T_OTHER } term_kind;

typedef struct term {
    term_kind kind;
    LLVMValueRef var; /* T_START: the variable, as H's test saw it */
    long long c;      /* T_CONST */
    unsigned a, b;    /* operands, as term indices */
} term;

typedef struct euclid {
    LLVMValueRef x, r;
    term terms[TERMS_MAX];
    unsigned nterms;
    ptr_map value_term; /* an instruction of the chain -> its term */
    LLVMValueRef *vars; /* the variables stored along the chain, */
    unsigned *var_term; /* ...and the term each holds */
    unsigned nvars, capvars;
} euclid;

long long euclid_bounds_lame(unsigned long long r) {
    unsigned long long a = 1, b = 1; /* F(k + 1), F(k + 2) */
    long long k = 0;
    if (r == 0) return 0;
    while (b <= r) {
        k++;
        unsigned long long c = a + b;
        a = b;
        b = c;
        if (b < a) break; /* past every Fibonacci number that fits: r is beyond them too */
    }
    return k;
}

/* Whether A is a local integer variable whose address goes nowhere. */
static int local_int(LLVMValueRef a) {
    return LLVMIsAAllocaInst(a) && LLVMGetTypeKind(LLVMGetAllocatedType(a)) == LLVMIntegerTypeKind &&
           walk_bounds_is_variable(a);
}

static long add_term(euclid *e, term t) {
    if (e->nterms == TERMS_MAX) return -1;
    e->terms[e->nterms] = t;
    return (long)e->nterms++;
}

/* The term variable VAR holds now: its last store along the chain, else its value
 * at H. */
static long held(euclid *e, LLVMValueRef var) {
    for (unsigned k = e->nvars; k-- > 0;)
        if (e->vars[k] == var) return (long)e->var_term[k];
    return add_term(e, (term){.kind = T_START, .var = var});
}

static int hold(euclid *e, LLVMValueRef var, unsigned t) {
    for (unsigned k = 0; k < e->nvars; k++)
        if (e->vars[k] == var) {
            e->var_term[k] = t;
            return 0;
        }
    if (e->nvars == e->capvars) {
        unsigned cap = e->capvars ? 2 * e->capvars : 16;
        LLVMValueRef *v = realloc(e->vars, cap * sizeof *v);
        if (!v) return -1;
        e->vars = v;
        unsigned *w = realloc(e->var_term, cap * sizeof *w);
        if (!w) return -1;
        e->var_term = w;
        e->capvars = cap;
    }
    e->vars[e->nvars] = var;
    e->var_term[e->nvars++] = t;
    return 0;
}

/* The term of operand V. */
static long term_of(euclid *e, LLVMValueRef v) {
    if (LLVMIsAConstantInt(v)) return add_term(e, (term){.kind = T_CONST, .c = LLVMConstIntGetSExtValue(v)});
    long long t = ptr_map_get(&e->value_term, v);
    return t >= 0 ? (long)t : add_term(e, (term){.kind = T_OTHER});
}

/* Follows instruction I: a load takes the term its variable holds, a store gives it
 * one, arithmetic builds terms. Returns 0, or -1 when memory or terms ran out. */
static int follow(euclid *e, LLVMValueRef i) {
    long t = -1;
    if (LLVMIsAStoreInst(i)) {
        LLVMValueRef var = LLVMGetOperand(i, 1);
        if (!walk_bounds_is_variable(var)) return 0; /* other memory: no variable is in it */
        long v = term_of(e, LLVMGetOperand(i, 0));
        return v < 0 ? -1 : hold(e, var, (unsigned)v);
    }
    if (LLVMIsALoadInst(i)) {
        LLVMValueRef var = LLVMGetOperand(i, 0);
        t = walk_bounds_is_variable(var) ? held(e, var) : add_term(e, (term){.kind = T_OTHER});
    } else {
        term_kind kind = T_OTHER;
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMSDiv:
            kind = T_DIV;
            break;
        case LLVMSRem:
            kind = T_REM;
            break;
        case LLVMSub:
            kind = T_SUB;
            break;
        case LLVMMul:
            kind = T_MUL;
            break;
        default:
            break;
        }
        if (kind == T_OTHER) {
            t = add_term(e, (term){.kind = T_OTHER});
        } else {
            long a = term_of(e, LLVMGetOperand(i, 0)), b = a < 0 ? -1 : term_of(e, LLVMGetOperand(i, 1));
            t = b < 0 ? -1 : add_term(e, (term){.kind = kind, .a = (unsigned)a, .b = (unsigned)b});
        }
    }
    return t < 0 || ptr_map_put(&e->value_term, i, (unsigned)t) != 0 ? -1 : 0;
}

static int is_start(const euclid *e, unsigned t, LLVMValueRef var) {
    return e->terms[t].kind == T_START && e->terms[t].var == var;
}

/* Whether term T is x % r of x and r at H: `x % r`, or `x - (x / r) * r`. */
static int is_remainder(const euclid *e, unsigned t) {
    const term *p = &e->terms[t];
    if (p->kind == T_REM) return is_start(e, p->a, e->x) && is_start(e, p->b, e->r);
    if (p->kind != T_SUB || !is_start(e, p->a, e->x) || e->terms[p->b].kind != T_MUL) return 0;
    const term *m = &e->terms[p->b];
    unsigned q = m->a, r = m->b;
    if (e->terms[q].kind != T_DIV) {
        q = m->b;
        r = m->a;
    }
    const term *d = &e->terms[q];
    return d->kind == T_DIV && is_start(e, r, e->r) && is_start(e, d->a, e->x) && is_start(e, d->b, e->r);
}

/* R from H's test, when it stays only while r != 0. */
static LLVMValueRef tested(const walk_loop *l) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(l->bbs[l->header]);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term) || !LLVMIsAICmpInst(LLVMGetCondition(term)))
        return NULL;
    long long s0 = ptr_map_get(l->ids, LLVMGetSuccessor(term, 0)),
              s1 = ptr_map_get(l->ids, LLVMGetSuccessor(term, 1));
    if (s0 < 0 || s1 < 0 || l->comp[s0] == l->comp[s1]) return NULL;
    LLVMValueRef c = LLVMGetCondition(term), a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    if (LLVMIsAConstantInt(a)) {
        LLVMValueRef t = a;
        a = b;
        b = t;
    }
    if (!LLVMIsAConstantInt(b) || LLVMConstIntGetZExtValue(b) != 0 || !LLVMIsALoadInst(a) ||
        LLVMGetInstructionParent(a) != l->bbs[l->header])
        return NULL;
    /* staying on true needs a test false at 0; staying on false, a test true at 0 */
    int false_at_zero =
        p == LLVMIntNE || p == LLVMIntSGT || p == LLVMIntSLT || p == LLVMIntUGT || p == LLVMIntULT;
    int true_at_zero =
        p == LLVMIntEQ || p == LLVMIntSGE || p == LLVMIntSLE || p == LLVMIntUGE || p == LLVMIntULE;
    if (l->comp[s0] ? !false_at_zero : !true_at_zero) return NULL;
    return LLVMGetOperand(a, 0);
}

/* CHAIN: the loop's blocks from H round to H, each after H with one way on. Returns
 * their number, 0 when the loop is not one chain. */
static unsigned chain_of(const walk_loop *l, unsigned *chain) {
    unsigned n = 0, size = 0, at = l->header;
    for (unsigned b = 0; b < l->n; b++) size += l->comp[b] != 0;
    do {
        unsigned next = l->n, ways = 0;
        for (unsigned e = l->sfirst[at]; e < l->sfirst[at + 1]; e++)
            if (l->comp[l->succ[e]] && l->succ[e] != next) {
                next = l->succ[e];
                ways++;
            }
        if (n == CHAIN_MAX || ways != 1 || (at != l->header && l->sfirst[at + 1] - l->sfirst[at] != 1))
            return 0;
        chain[n++] = at;
        at = next;
    } while (at != l->header);
    return n == size ? n : 0;
}

long long euclid_bounds_trips(const walk_loop *l, halving_range range, void *ctx) {
    unsigned chain[CHAIN_MAX];
    LLVMValueRef r = tested(l);
    unsigned n = r ? chain_of(l, chain) : 0;
    if (!n || !local_int(r)) return -1;
    euclid *e = calloc(1, sizeof *e);
    if (!e) return -1;
    e->r = r;
    long long k = -1;
    int ok = 1;
    for (unsigned c = 0; c < n && ok; c++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[chain[c]]); i && ok;
             i = LLVMGetNextInstruction(i)) {
            if (c == 0 && LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == r) ok = 0; /* none stored in H */
            if (ok) ok = follow(e, i) == 0;
        }
    /* r' must be some x's remainder by r, and x' that r */
    long rt = ok ? held(e, r) : -1;
    if (rt >= 0 && (e->terms[rt].kind == T_REM || e->terms[rt].kind == T_SUB) &&
        e->terms[e->terms[rt].a].kind == T_START)
        e->x = e->terms[e->terms[rt].a].var; /* the x of x % r, or of x - (x / r) * r */
    long xt = e->x && e->x != r ? held(e, e->x) : -1;
    if (rt >= 0 && xt >= 0 && is_remainder(e, (unsigned)rt) && is_start(e, (unsigned)xt, r) &&
        local_int(e->x) && LLVMGetAllocatedType(e->x) == LLVMGetAllocatedType(r)) {
        /* no store of x in H either, and every store of r outside of known range */
        for (LLVMValueRef i = LLVMGetFirstInstruction(l->bbs[l->header]); i && ok;
             i = LLVMGetNextInstruction(i))
            if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == e->x) ok = 0;
        unsigned long long most = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(r); u && ok; u = LLVMGetNextUse(u)) {
            LLVMValueRef s = LLVMGetUser(u);
            long long b = LLVMIsAStoreInst(s) ? ptr_map_get(l->ids, LLVMGetInstructionParent(s)) : -1;
            if (!LLVMIsAStoreInst(s) || (b >= 0 && l->comp[b])) continue;
            long long lo, hi;
            ok = b >= 0 && range(ctx, LLVMGetOperand(s, 0), &lo, &hi) == 0 && lo > -(1LL << 62) &&
                 hi < (1LL << 62);
            if (ok) {
                unsigned long long m = (unsigned long long)(lo < 0 ? -lo : lo),
                                   h = (unsigned long long)(hi < 0 ? -hi : hi);
                if (m > most) most = m;
                if (h > most) most = h;
            }
        }
        if (ok) k = euclid_bounds_lame(most);
    }
    ptr_map_free(&e->value_term);
    free(e->vars);
    free(e->var_term);
    free(e);
    return k;
}
