/* freqsys/bounds/global_values.c: drawn globals the program only reads keep the values drawn for them. */
/* SPDX-License-Identifier: MIT */
#include "global_values.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/Target.h>
#include "dist.h"
#include "gep_offsets.h"
#include "int_values.h"

#define USE_DEPTH 8

/* Whether V is the transform's own (the globals' reset that draws them, the module's
 * tables) or LLVM's list of what must be kept: not the program's. */
static int tool_name(LLVMValueRef v) {
    size_t n;
    const char *name = LLVMGetValueName2(v, &n);
    return !strncmp(name, "freqsys", 7) || !strncmp(name, "llvm.", 5);
}

/* Whether USER, a use of the global, is in the transform's code or data. */
static int tool_use(LLVMValueRef user) {
    if (LLVMIsAInstruction(user)) return tool_name(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
    return LLVMIsAGlobalVariable(user) && tool_name(user);
}

/* Whether every use of V (the global, or an address into it) is a load, a use by
 * the transform, or an address derived from it used the same way. */
static int only_read(LLVMValueRef v, unsigned depth) {
    if (depth == 0) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (tool_use(user)) continue;
        if (LLVMIsALoadInst(user)) continue;
        int derived = (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == v) ||
                      LLVMIsABitCastInst(user) ||
                      (LLVMIsAConstantExpr(user) &&
                       ((LLVMGetConstOpcode(user) == LLVMGetElementPtr && LLVMGetOperand(user, 0) == v) ||
                        LLVMGetConstOpcode(user) == LLVMBitCast));
        if (derived && only_read(user, depth - 1)) continue;
        if (!derived && LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) && only_read(user, depth - 1))
            continue; /* an aggregate of the transform's tables */
        return 0;
    }
    return 1;
}

/* G's elements as one row: their scalar type (through nested arrays) into *ELEM, and
 * their number. */
static unsigned long long elements(LLVMValueRef g, LLVMTypeRef *elem) {
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    unsigned long long n = 1;
    for (int depth = 0; depth < 8 && LLVMGetTypeKind(t) == LLVMArrayTypeKind; depth++) {
        n *= LLVMGetArrayLength2(t);
        t = LLVMGetElementType(t);
    }
    *elem = t;
    return n;
}

static int push(global_facts *out, global_fact f) {
    global_fact *v = realloc(out->facts, (out->n + 1) * sizeof *v);
    if (!v) return -1;
    out->facts = v;
    out->facts[out->n++] = f;
    return 0;
}

int global_facts_make(LLVMModuleRef m, const spec *s, global_facts *out) {
    *out = (global_facts){0};
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if ((in->target != SPEC_GLOBAL && in->target != SPEC_EXTERN_VAR) || !in->name) continue;
        LLVMValueRef g = LLVMGetNamedGlobal(m, in->name);
        LLVMTypeRef elem;
        if (!g) continue;
        unsigned long long n = elements(g, &elem);
        if (LLVMGetTypeKind(elem) != LLVMIntegerTypeKind || !only_read(g, USE_DEPTH)) continue;
        global_fact f = {g, 0, n, LLVMStoreSizeOfType(td, elem), 0, 0, 0};
        const spec_value *v = &in->value;
        if (in->element) {
            f.first = (unsigned long long)in->index;
            f.count = 1;
        } else if (v->kind == SPEC_VALUE_ARRAY || v->kind == SPEC_VALUE_PERMUTATION) {
            f.count = (unsigned long long)v->len_const;
        }
        if (v->kind == SPEC_VALUE_PERMUTATION) {
            f.hi = (double)v->len_const - 1;
        } else if ((v->kind == SPEC_VALUE_DIST || v->kind == SPEC_VALUE_ARRAY) && v->dist) {
            dist_range(v->dist, &f.lo, &f.hi);
            f.lo = trunc(f.lo); /* C's conversion, which the draw makes, truncates */
            f.hi = trunc(f.hi);
        } else {
            continue;
        }
        f.whole = f.first == 0 && f.count == n;
        if (f.first + f.count <= n && isfinite(f.lo) && isfinite(f.hi) && push(out, f) != 0) return -1;
    }
    return 0;
}

/* Whether T is G's type or one of the arrays within it, or its element: an index
 * into it steps whole elements. */
static int steps_elements(LLVMValueRef g, LLVMTypeRef t) {
    LLVMTypeRef u = LLVMGlobalGetValueType(g);
    for (int depth = 0; depth < 9; depth++) {
        if (u == t) return 1;
        if (LLVMGetTypeKind(u) != LLVMArrayTypeKind) return 0;
        u = LLVMGetElementType(u);
    }
    return 0;
}

static int is_gep(LLVMValueRef p) {
    return LLVMIsAGetElementPtrInst(p) ||
           (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
}

int global_values_range(const global_facts *f, LLVMValueRef load, int sgn, long long *lo, long long *hi) {
    LLVMTypeRef ty = LLVMTypeOf(load);
    if (!f || !f->n || LLVMGetVolatile(load) || LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) return 0;
    LLVMValueRef p = LLVMGetOperand(load, 0);
    LLVMTargetDataRef td =
        LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(load))));
    long long offset = 0;
    int constant = 1, granular = 1;
    LLVMValueRef chain[USE_DEPTH];
    unsigned depth = 0;
    for (; is_gep(p) && depth < USE_DEPTH; depth++) {
        long long added;
        chain[depth] = p;
        if (constant && gep_offsets_constant(td, p, &added))
            offset += added;
        else
            constant = 0;
        p = LLVMGetOperand(p, 0);
    }
    if (is_gep(p)) return 0;
    for (size_t k = 0; k < f->n; k++) {
        const global_fact *x = &f->facts[k];
        if (x->global != p || LLVMStoreSizeOfType(td, ty) != x->elem_bytes) continue;
        if (constant) {
            if (offset < 0 || (unsigned long long)offset % x->elem_bytes) return 0;
            unsigned long long at = (unsigned long long)offset / x->elem_bytes;
            if (at < x->first || at >= x->first + x->count) continue; /* another fact's element */
            return int_reread(x->lo, x->hi, (unsigned)x->elem_bytes, x->lo < 0, sgn, lo, hi);
        }
        /* a variable index: any element, when every one was drawn; the index steps
         * whole elements (a load past the array is undefined in C) */
        for (unsigned d = 0; d < depth && granular; d++)
            granular = steps_elements(p, LLVMGetGEPSourceElementType(chain[d]));
        return x->whole && granular
                   ? int_reread(x->lo, x->hi, (unsigned)x->elem_bytes, x->lo < 0, sgn, lo, hi)
                   : 0;
    }
    return 0;
}

int global_facts_moved(const global_facts *f, LLVMModuleRef m, global_facts *out) {
    *out = (global_facts){0};
    if (!f->n) return 0;
    out->facts = malloc(f->n * sizeof *out->facts);
    if (!out->facts) return -1;
    for (size_t k = 0; k < f->n; k++) {
        size_t len;
        const char *name = LLVMGetValueName2(f->facts[k].global, &len);
        LLVMValueRef there = len ? LLVMGetNamedGlobal(m, name) : NULL;
        if (!there) continue;
        out->facts[out->n] = f->facts[k];
        out->facts[out->n++].global = there;
    }
    return 0;
}

void global_facts_free(global_facts *f) {
    free(f->facts);
    *f = (global_facts){0};
}
