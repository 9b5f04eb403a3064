/* freqsys/bounds/pointee_values.c: values the runtime puts behind a pointer argument, while nothing else can
 * write them. */
/* SPDX-License-Identifier: MIT */
#include "pointee_values.h"

#include <math.h>
#include <stdlib.h>
#include <llvm-c/Target.h>
#include "entry_args.h"
#include "freqsys/abi.h"
#include "gep_offsets.h"
#include "given_walks.h"
#include "int_values.h"
#include "spec.h"

#define USE_DEPTH 8 /* pointers derived from the parameter, followed this deep */

#define MAX_STORES 32 /* stores through the parameter followed; more, and it is left alone */

/* The stores through the parameter's pointers: what the runtime put there holds only
 * where none of them can have run before. */
typedef struct stores_through {
    LLVMValueRef v[MAX_STORES];
    unsigned n;
} stores_through;

/* Whether every use of pointer V, and of every pointer derived from it, is a load
 * from it or a store through it (kept in *ST): nothing else can then write where V
 * points, nor learn where that is. SKIP: a use that is allowed (the one store of the
 * parameter into its slot). */
static int only_loaded(LLVMValueRef v, LLVMValueRef skip, unsigned depth, stores_through *st) {
    if (depth == 0) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (user == skip || LLVMIsALoadInst(user)) continue;
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == v && LLVMGetOperand(user, 0) != v) {
            if (st->n == MAX_STORES) return 0;
            st->v[st->n++] = user; /* writes there, and does not give the address away */
            continue;
        }
        if ((LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == v) || LLVMIsABitCastInst(user)) {
            if (!only_loaded(user, NULL, depth - 1, st)) return 0;
            continue;
        }
        return 0; /* the address stored, passed to a call, converted, compared: it may go anywhere */
    }
    return 1;
}

/* The parameter of ENTRY that P is, directly or as the value of the slot clang -O0
 * keeps it in (an alloca stored once, with the parameter, and otherwise only
 * loaded), when every pointer to what it points to is only loaded from or stored
 * through (the stores into *ST); else NULL. */
static LLVMValueRef read_only_param(LLVMValueRef p, LLVMValueRef entry, stores_through *st) {
    st->n = 0;
    if (LLVMIsAArgument(p))
        return LLVMGetParamParent(p) == entry && only_loaded(p, NULL, USE_DEPTH, st) ? p : NULL;
    LLVMValueRef slot = LLVMIsALoadInst(p) ? LLVMGetOperand(p, 0) : NULL;
    if (!slot || !LLVMIsAAllocaInst(slot)) return NULL;
    LLVMValueRef param = NULL, store = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user)) continue;
        if (!LLVMIsAStoreInst(user) || store || LLVMGetOperand(user, 1) != slot) return NULL;
        store = user;
        param = LLVMGetOperand(user, 0);
    }
    if (!param || !LLVMIsAArgument(param) || LLVMGetParamParent(param) != entry ||
        !only_loaded(param, store, USE_DEPTH, st))
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u))
        if (LLVMIsALoadInst(LLVMGetUser(u)) && !only_loaded(LLVMGetUser(u), NULL, USE_DEPTH, st)) return NULL;
    return param;
}

/* Whether LOAD can run after STORE in one call: it follows STORE in STORE's block, or
 * its block is reached from the blocks after STORE's (a loop round to it included). */
static int reaches(LLVMValueRef store, LLVMValueRef load) {
    LLVMBasicBlockRef from = LLVMGetInstructionParent(store), to = LLVMGetInstructionParent(load);
    if (from == to)
        for (LLVMValueRef i = LLVMGetNextInstruction(store); i; i = LLVMGetNextInstruction(i))
            if (i == load) return 1;
    LLVMValueRef fn = LLVMGetBasicBlockParent(from);
    unsigned n = LLVMCountBasicBlocks(fn), top = 0, found = 1;
    LLVMBasicBlockRef *bbs = malloc((n + 1) * sizeof *bbs), *stack = malloc((n + 1) * sizeof *stack);
    unsigned char *seen = calloc(n + 1, 1);
    if (bbs && stack && seen) {
        LLVMGetBasicBlocks(fn, bbs);
        found = 0;
        stack[top++] = from;
        for (int first = 1; top && !found; first = 0) {
            LLVMBasicBlockRef b = stack[--top];
            if (!first && b == to) found = 1;
            LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
            for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term) && !found; k++) {
                LLVMBasicBlockRef s = LLVMGetSuccessor(term, k);
                unsigned at = 0;
                while (at < n && bbs[at] != s) at++;
                if (at < n && !seen[at]) {
                    seen[at] = 1;
                    stack[top++] = s;
                }
            }
        }
    }
    free(bbs);
    free(stack);
    free(seen);
    return (int)found; /* memory out: assume it can */
}

int pointee_values_range(const bound_walks *w, LLVMValueRef load, int sgn, long long *lo, long long *hi) {
    const pointee_facts *f = w->pointees;
    LLVMTypeRef ty = LLVMTypeOf(load);
    if (!f || !w->entry || LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) return 0;
    LLVMModuleRef m = LLVMGetGlobalParent(w->entry);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMValueRef p = LLVMGetOperand(load, 0);
    long long offset = 0;
    for (unsigned depth = 0; LLVMIsAGetElementPtrInst(p) && depth < USE_DEPTH; depth++) {
        long long added;
        if (!gep_offsets_constant(td, p, &added)) return 0;
        offset += added;
        p = LLVMGetOperand(p, 0);
    }
    stores_through st;
    LLVMValueRef param = read_only_param(p, w->entry, &st);
    if (!param || offset < 0 || !given_walks_runtime_only(w)) return 0;
    for (unsigned k = 0; k < st.n; k++) /* a write the load may see: not the runtime's value */
        if (reaches(st.v[k], load)) return 0;
    unsigned index = 0;
    while (LLVMGetParam(w->entry, index) != param) index++;
    unsigned size = (unsigned)LLVMStoreSizeOfType(td, ty);
    uint64_t at = (uint64_t)offset, end = at + size;
    for (size_t k = 0; k < f->nfacts; k++) {
        const pointee_fact *x = &f->facts[k];
        uint64_t x_end = x->offset + (uint64_t)x->size * x->count;
        if (x->param != index || end <= x->offset || at >= x_end) continue;
        /* one whole element of the fact, or a part of one, or several: only the first */
        if (at < x->offset || end > x_end || size != x->size || (at - x->offset) % x->size) return 0;
        return int_reread(x->lo, x->hi, size, x->is_signed, sgn, lo, hi);
    }
    if (index < f->nparams && end <= f->zeroed[index]) { /* bytes the runtime zeroed and left */
        *lo = *hi = 0;
        return 1;
    }
    return 0;
}

static int integer_kind(unsigned k) {
    return (k >= FSABI_KIND_I8 && k <= FSABI_KIND_U64) || k == FSABI_KIND_BOOL;
}

static int signed_kind(unsigned k) {
    return k >= FSABI_KIND_I8 && k <= FSABI_KIND_I64;
}

static int push(pointee_facts *out, pointee_fact f) {
    pointee_fact *v = realloc(out->facts, (out->nfacts + 1) * sizeof *v);
    if (!v) return -1;
    out->facts = v;
    out->facts[out->nfacts++] = f;
    return 0;
}

int pointee_facts_make(const entry_plan *plan, const spec *s, const double *length_most, pointee_facts *out) {
    *out = (pointee_facts){0};
    out->nparams = plan->nparams;
    if (!(out->zeroed = calloc(plan->nparams + 1, sizeof *out->zeroed))) return -1;
    /* zeros first, behind a parameter whose every declaration writes into them (the
     * runtime clears what a pointer points to, then draws; a string or an array gets
     * storage of its own) */
    for (size_t p = 0; p < plan->nparams; p++) {
        int cleared = plan->params[p].kind == FSABI_KIND_PTR && plan->params[p].pointee_size > 0;
        for (size_t k = 0; k < plan->nargs && cleared; k++) {
            unsigned shape = plan->args[k].shape;
            if (plan->args[k].param == p)
                cleared = shape == FSABI_SHAPE_FIELD || shape == FSABI_SHAPE_REF ||
                          shape == FSABI_SHAPE_LENGTH_REF || shape == FSABI_SHAPE_ZEROED;
        }
        out->zeroed[p] = cleared ? plan->params[p].pointee_size : 0;
    }
    for (size_t k = 0; k < plan->nargs; k++) {
        const entry_arg *a = &plan->args[k];
        const dist *d = s->inputs[a->decl].value.dist;
        /* an array of structs may have none, and then its first one's fields are not drawn */
        int structs = 0;
        for (size_t j = 0; j < plan->nargs; j++)
            structs |= plan->args[j].param == a->param && plan->args[j].shape == FSABI_SHAPE_ARRAY;
        if (structs) continue;
        pointee_fact f = {a->param, a->offset, a->elem_size, a->per_item, signed_kind(a->kind), 0, 0};
        if (!integer_kind(a->kind) || a->param >= plan->nparams || !a->elem_size || !a->per_item) continue;
        if ((a->shape == FSABI_SHAPE_REF || a->shape == FSABI_SHAPE_FIELD) && d) {
            dist_range(d, &f.lo, &f.hi);
            f.lo = trunc(f.lo); /* C's conversion, which the runtime makes, truncates */
            f.hi = trunc(f.hi);
            if (a->shape == FSABI_SHAPE_REF) f.offset = 0;
        } else if (a->shape == FSABI_SHAPE_LENGTH_REF && a->len_param < plan->nparams &&
                   length_most[a->len_param] >= 0) {
            f = (pointee_fact){
                a->param, 0, a->elem_size, 1, signed_kind(a->kind), 0, length_most[a->len_param]};
        } else {
            continue;
        }
        if (isfinite(f.lo) && isfinite(f.hi) && push(out, f) != 0) return -1;
    }
    return 0;
}

void pointee_facts_free(pointee_facts *f) {
    free(f->facts);
    free(f->zeroed);
    *f = (pointee_facts){0};
}
