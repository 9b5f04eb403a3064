/* freqsys/bounds/field_slots.c: the fields of a local struct whose address stays local, as variables of
 * their own. */
/* SPDX-License-Identifier: MIT */
#include "field_slots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/Target.h>
#include "gep_offsets.h"
#include "ptr_map.h"

#define GEP_DEPTH    16 /* nested constant GEPs followed from one struct */
#define INDEX_LIMIT  (1LL << 32)
#define SLOT_ROUNDS  64     /* rounds of pointer variables seen through (callees nest) */
#define ACCESSES_MAX 100000 /* loads and stores of one struct looked at */

/* ---- pointer variables stored once with a local address ---- */

/* The local object V points into through constant-index GEPs, or NULL. */
static LLVMValueRef local_object(LLVMValueRef v) {
    for (unsigned depth = 0; v && depth <= GEP_DEPTH; depth++) {
        if (LLVMIsAAllocaInst(v)) return v;
        if (!LLVMIsAGetElementPtrInst(v)) return NULL;
        for (int k = 1; k < LLVMGetNumOperands(v); k++)
            if (!LLVMIsAConstantInt(LLVMGetOperand(v, (unsigned)k))) return NULL;
        v = LLVMGetOperand(v, 0);
    }
    return NULL;
}

static int is_one(LLVMValueRef v) {
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1;
}

/* The one store into the pointer variable SLOT when every other use is a load of it
 * and that store keeps a local address; else NULL. */
static LLVMValueRef single_store(LLVMValueRef slot) {
    if (LLVMGetTypeKind(LLVMGetAllocatedType(slot)) != LLVMPointerTypeKind ||
        !is_one(LLVMGetOperand(slot, 0)))
        return NULL;
    LLVMValueRef store = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user) && LLVMTypeOf(user) == LLVMGetAllocatedType(slot)) continue;
        if (!LLVMIsAStoreInst(user) || store || LLVMGetOperand(user, 1) != slot ||
            LLVMGetOperand(user, 0) == slot)
            return NULL;
        store = user;
    }
    LLVMValueRef value = store ? LLVMGetOperand(store, 0) : NULL;
    return value && LLVMTypeOf(value) == LLVMGetAllocatedType(slot) && local_object(value) ? store : NULL;
}

/* Marks in SEEN the blocks of FN's NB blocks BBS (IDS) reachable from its entry
 * without passing AVOID: a block left unmarked is dominated by AVOID. */
static void reach_avoiding(LLVMBasicBlockRef *bbs, const ptr_map *ids, unsigned nb, unsigned avoid,
                           unsigned *stack, unsigned char *seen) {
    for (unsigned b = 0; b < nb; b++) seen[b] = 0;
    if (avoid == 0) return;
    size_t top = 0;
    seen[0] = 1;
    stack[top++] = 0;
    while (top) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[stack[--top]]);
        for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++) {
            long long to = ptr_map_get(ids, LLVMGetSuccessor(term, k));
            if (to >= 0 && (unsigned)to != avoid && !seen[to]) {
                seen[to] = 1;
                stack[top++] = (unsigned)to;
            }
        }
    }
}

/* Whether the instruction I comes after J in their block. */
static int after(LLVMValueRef i, LLVMValueRef j) {
    for (LLVMValueRef k = LLVMGetNextInstruction(j); k; k = LLVMGetNextInstruction(k))
        if (k == i) return 1;
    return 0;
}

/* Replaces the loads of SLOT by the value STORE keeps in it, when STORE dominates each
 * of them: every load then reads that value (the variable's address goes nowhere
 * else), as mem2reg would have it. Returns whether it did. */
static int see_through(LLVMValueRef slot, LLVMValueRef store, LLVMBasicBlockRef *bbs, const ptr_map *ids,
                       unsigned nb, unsigned *stack, unsigned char *seen) {
    long long s = ptr_map_get(ids, LLVMGetInstructionParent(store));
    if (s < 0) return 0;
    reach_avoiding(bbs, ids, nb, (unsigned)s, stack, seen);
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef load = LLVMGetUser(u);
        if (load == store) continue;
        long long b = ptr_map_get(ids, LLVMGetInstructionParent(load));
        if (b < 0 || seen[b] || (b == s && !after(load, store))) return 0;
    }
    LLVMValueRef value = LLVMGetOperand(store, 0);
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u;) {
        LLVMValueRef load = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        if (load == store) continue;
        LLVMReplaceAllUsesWith(load, value);
        LLVMInstructionEraseFromParent(load);
    }
    LLVMInstructionEraseFromParent(store); /* the variable is left with no use */
    return 1;
}

/* Sees through FN's pointer variables, round after round: a callee's `parser.addr`
 * keeps what its caller's, seen through, gave it. Returns 0, or -1 when memory ran out. */
static int see_through_pointers(LLVMValueRef fn) {
    unsigned nb = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *bbs = malloc((nb + 1) * sizeof *bbs);
    unsigned *stack = malloc((nb + 1) * sizeof *stack);
    unsigned char *seen = malloc(nb + 1);
    ptr_map ids = {0};
    int rc = bbs && stack && seen ? 0 : -1;
    if (rc == 0) LLVMGetBasicBlocks(fn, bbs);
    for (unsigned b = 0; rc == 0 && b < nb; b++) rc = ptr_map_put(&ids, bbs[b], b);
    for (int round = 0, changed = 1; rc == 0 && changed && round < SLOT_ROUNDS; round++) {
        changed = 0;
        for (unsigned b = 0; b < nb; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i; i = LLVMGetNextInstruction(i)) {
                LLVMValueRef store = LLVMIsAAllocaInst(i) ? single_store(i) : NULL;
                if (store) changed |= see_through(i, store, bbs, &ids, nb, stack, seen);
            }
    }
    ptr_map_free(&ids);
    free(bbs);
    free(stack);
    free(seen);
    return rc;
}

/* ---- the fields of a local struct ---- */

typedef struct access {
    LLVMValueRef inst; /* a load or store of the field */
    long long offset;  /* bytes from the struct's start */
    LLVMTypeRef type;
} access;

/* A write of constant bytes over part of the struct: `= {0}` or memset (llvm.memset of
 * a constant byte), or an initializer clang copies from a constant (llvm.memcpy). */
typedef struct fill {
    LLVMValueRef call;
    long long offset, length;
    LLVMValueRef from; /* the constant copied from its start, or NULL: BYTE repeated */
    unsigned char byte;
} fill;

typedef struct local_struct {
    LLVMTargetDataRef layout;
    long long size;
    access *accesses;
    size_t n, cap;
    LLVMValueRef *geps; /* in the order found: a GEP before those of its result */
    size_t ngeps, gcap;
    fill *fills;
    size_t nfills, fcap;
    int memory_out;
    LLVMValueRef *tests; /* comparisons of its address with NULL */
    size_t ntests, tcap;
} local_struct;

static int push_access(local_struct *a, access x) {
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 16;
        access *p = realloc(a->accesses, cap * sizeof *p);
        if (!p) return a->memory_out = 1, 0;
        a->accesses = p;
        a->cap = cap;
    }
    a->accesses[a->n++] = x;
    return 1;
}

static int push_gep(local_struct *a, LLVMValueRef gep) {
    if (a->ngeps == a->gcap) {
        size_t cap = a->gcap ? 2 * a->gcap : 16;
        LLVMValueRef *p = realloc(a->geps, cap * sizeof *p);
        if (!p) return a->memory_out = 1, 0;
        a->geps = p;
        a->gcap = cap;
    }
    a->geps[a->ngeps++] = gep;
    return 1;
}

static int push_test(local_struct *a, LLVMValueRef test) {
    if (a->ntests == a->tcap) {
        size_t cap = a->tcap ? 2 * a->tcap : 4;
        LLVMValueRef *p = realloc(a->tests, cap * sizeof *p);
        if (!p) return a->memory_out = 1, 0;
        a->tests = p;
        a->tcap = cap;
    }
    a->tests[a->ntests++] = test;
    return 1;
}

static int push_fill(local_struct *a, fill f) {
    if (a->nfills == a->fcap) {
        size_t cap = a->fcap ? 2 * a->fcap : 4;
        fill *p = realloc(a->fills, cap * sizeof *p);
        if (!p) return a->memory_out = 1, 0;
        a->fills = p;
        a->fcap = cap;
    }
    a->fills[a->nfills++] = f;
    return 1;
}

/* Whether CALL writes constant bytes at PTR, OFFSET bytes into the struct, and reads
 * nothing of it: llvm.memset of a constant byte and length, or llvm.memcpy of a
 * constant length from the start of a constant global; not volatile. Records it. */
static int constant_fill(local_struct *a, LLVMValueRef call, LLVMValueRef ptr, long long offset) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    size_t n;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    int set = !strncmp(name, "llvm.memset.", 12), copy = !strncmp(name, "llvm.memcpy.", 12);
    /* the element-wise atomic forms take an element size where the others say volatile */
    if ((!set && !copy) || strstr(name, ".element.") || LLVMGetNumArgOperands(call) != 4 ||
        LLVMGetOperand(call, 0) != ptr)
        return 0;
    LLVMValueRef what = LLVMGetOperand(call, 1), length = LLVMGetOperand(call, 2),
                 is_volatile = LLVMGetOperand(call, 3);
    if (!LLVMIsAConstantInt(length) || LLVMConstIntGetZExtValue(length) >= (unsigned long long)INDEX_LIMIT ||
        !LLVMIsAConstantInt(is_volatile) || LLVMConstIntGetZExtValue(is_volatile) != 0)
        return 0;
    fill f = {call, offset, (long long)LLVMConstIntGetZExtValue(length), NULL, 0};
    if (set) {
        if (!LLVMIsAConstantInt(what)) return 0;
        f.byte = (unsigned char)LLVMConstIntGetZExtValue(what);
    } else {
        if (!LLVMIsAGlobalVariable(what) || !LLVMIsGlobalConstant(what) || !LLVMGetInitializer(what))
            return 0;
        f.from = LLVMGetInitializer(what);
    }
    return push_fill(a, f);
}

/* The constant of TYPE that OFFSET bytes into the constant C hold, found through its
 * structs and arrays down to an element of that type at that offset; NULL otherwise. */
static LLVMValueRef constant_at(const local_struct *a, LLVMValueRef c, long long offset, LLVMTypeRef type) {
    for (unsigned depth = 0; c && depth <= GEP_DEPTH; depth++) {
        LLVMTypeRef t = LLVMTypeOf(c);
        if (offset == 0 && t == type) return c;
        unsigned k;
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            unsigned count = LLVMCountStructElementTypes(t);
            for (k = 0; k + 1 < count && (long long)LLVMOffsetOfElement(a->layout, t, k + 1) <= offset; k++) {
            }
            if (count == 0) return NULL;
            offset -= (long long)LLVMOffsetOfElement(a->layout, t, k);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            long long size = (long long)LLVMABISizeOfType(a->layout, LLVMGetElementType(t));
            if (size <= 0 || offset / size >= (long long)LLVMGetArrayLength2(t)) return NULL;
            k = (unsigned)(offset / size);
            offset -= k * size;
        } else {
            return NULL;
        }
        c = LLVMGetAggregateElement(c, k);
    }
    return NULL;
}

/* The constant of the scalar TYPE whose every byte is BYTE: integers of whole bytes,
 * and a null pointer or a zero float of zero bytes; NULL otherwise. */
static LLVMValueRef repeated(LLVMTypeRef type, unsigned char byte) {
    LLVMTypeKind k = LLVMGetTypeKind(type);
    if (k == LLVMIntegerTypeKind) {
        unsigned bits = LLVMGetIntTypeWidth(type);
        if (bits % 8 != 0 || bits > 64) return NULL;
        unsigned long long v = 0;
        for (unsigned b = 0; b < bits; b += 8) v = v << 8 | byte;
        return LLVMConstInt(type, v, 0);
    }
    if (byte != 0) return NULL;
    if (k == LLVMPointerTypeKind) return LLVMConstPointerNull(type);
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ? LLVMConstReal(type, 0.0) : NULL;
}

static int scalar(LLVMTypeRef t) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMIntegerTypeKind || k == LLVMPointerTypeKind || k == LLVMFloatTypeKind ||
           k == LLVMDoubleTypeKind;
}

/* Collects the loads and stores of PTR, OFFSET bytes into the struct, and of the
 * constant GEPs on it. Returns 0 when the address goes anywhere else: escapes. */
/* Whether CMP tests PTR for being NULL, or not. */
static int null_test(LLVMValueRef cmp, LLVMValueRef ptr) {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
    LLVMValueRef x = LLVMGetOperand(cmp, 0), y = LLVMGetOperand(cmp, 1);
    return (pr == LLVMIntEQ || pr == LLVMIntNE) &&
           ((x == ptr && LLVMIsAConstantPointerNull(y)) || (y == ptr && LLVMIsAConstantPointerNull(x)));
}

static int collect(local_struct *a, LLVMValueRef ptr, long long offset, unsigned depth) {
    if (depth > GEP_DEPTH) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (a->n >= ACCESSES_MAX) return 0;
        if (LLVMIsALoadInst(user)) {
            if (!push_access(a, (access){user, offset, LLVMTypeOf(user)})) return 0;
        } else if (LLVMIsAStoreInst(user)) {
            /* storing the address itself lets it be written through later */
            if (LLVMGetOperand(user, 1) != ptr || LLVMGetOperand(user, 0) == ptr) return 0;
            if (!push_access(a, (access){user, offset, LLVMTypeOf(LLVMGetOperand(user, 0))})) return 0;
        } else if (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == ptr) {
            long long added;
            if (!gep_offsets_constant(a->layout, user, &added) || !push_gep(a, user) ||
                !collect(a, user, offset + added, depth + 1))
                return 0;
        } else if (LLVMIsAICmpInst(user) && null_test(user, ptr)) {
            /* `if (NULL == url)` in an inlined callee: a local's address is never NULL,
             * and the test lets nothing read or write the struct */
            if (!push_test(a, user)) return 0;
        } else if (!LLVMIsACallInst(user) || !constant_fill(a, user, ptr, offset)) {
            return 0; /* a call (any function given it, memcpy from memory), a phi, a comparison, ... */
        }
    }
    return 1;
}

static int by_offset(const void *x, const void *y) {
    const access *p = x, *q = y;
    return p->offset < q->offset ? -1 : p->offset > q->offset;
}

/* The constant fill F writes into the field of TYPE at OFFSET; NULL when it cannot be
 * told. */
static LLVMValueRef fill_value(const local_struct *a, const fill *f, long long offset, LLVMTypeRef type) {
    return f->from ? constant_at(a, f->from, offset - f->offset, type) : repeated(type, f->byte);
}

/* Whether the accesses, sorted by offset, are each of a scalar type, within the
 * struct, and at one offset all of one type, past the end of the one before; and each
 * fill within the struct, covering each field whole, with a value it can be told, or
 * none of it. */
static int apart(const local_struct *a) {
    for (size_t k = 0; k < a->n; k++) {
        const access *x = &a->accesses[k];
        long long size = (long long)LLVMStoreSizeOfType(a->layout, x->type);
        if (!scalar(x->type) || x->offset < 0 || x->offset + size > a->size) return 0;
        for (size_t j = 0; j < a->nfills; j++) {
            const fill *f = &a->fills[j];
            if (x->offset >= f->offset + f->length || x->offset + size <= f->offset) continue;
            if (x->offset < f->offset || x->offset + size > f->offset + f->length ||
                !fill_value(a, f, x->offset, x->type))
                return 0;
        }
        if (k + 1 == a->n) continue;
        const access *y = &a->accesses[k + 1];
        if (y->offset == x->offset ? y->type != x->type : y->offset < x->offset + size) return 0;
    }
    for (size_t j = 0; j < a->nfills; j++)
        if (a->fills[j].offset < 0 || a->fills[j].offset + a->fills[j].length > a->size) return 0;
    return 1;
}

/* Replaces each fill by stores of its values into the fields it covers (SLOTS[k] the
 * variable of access k): the bytes no field holds are never read. */
static void write_fills(const local_struct *a, LLVMBuilderRef builder, LLVMValueRef *slots) {
    for (size_t j = 0; j < a->nfills; j++) {
        const fill *f = &a->fills[j];
        LLVMPositionBuilderBefore(builder, f->call);
        for (size_t k = 0; k < a->n; k++) {
            const access *x = &a->accesses[k];
            if ((k > 0 && x->offset == a->accesses[k - 1].offset) || x->offset < f->offset ||
                x->offset >= f->offset + f->length)
                continue;
            LLVMValueRef st = LLVMBuildStore(builder, fill_value(a, f, x->offset, x->type), slots[k]);
            LLVMSetAlignment(st, LLVMABIAlignmentOfType(a->layout, x->type));
        }
        LLVMInstructionEraseFromParent(f->call);
    }
}

/* Gives each field of the local struct AGG a scalar alloca of its own, when its address
 * stays local. A local array is left as memory, its elements known by their type
 * alone, even where only constant indices reach them: an array is what a walk or a
 * variable index reads. Returns the fields given one, or -1 when memory ran out. */
static long split(LLVMTargetDataRef layout, LLVMBuilderRef builder, LLVMValueRef agg) {
    LLVMTypeRef t = LLVMGetAllocatedType(agg);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || !is_one(LLVMGetOperand(agg, 0))) return 0;
    local_struct a = {
        layout, (long long)LLVMABISizeOfType(layout, t), NULL, 0, 0, NULL, 0, 0, NULL, 0, 0, 0, NULL, 0, 0};
    long fields = 0;
    LLVMValueRef *slots = NULL;
    if (collect(&a, agg, 0, 0) && a.n > 0) {
        qsort(a.accesses, a.n, sizeof *a.accesses, by_offset);
        int fits = apart(&a);
        slots = fits ? malloc(a.n * sizeof *slots) : NULL;
        if (fits && !slots) a.memory_out = 1;
    }
    if (slots) {
        size_t len;
        const char *name = LLVMGetValueName2(agg, &len);
        LLVMPositionBuilderBefore(builder, agg);
        for (size_t k = 0; k < a.n; k++) {
            const access *x = &a.accesses[k];
            slots[k] = k > 0 ? slots[k - 1] : NULL;
            if (k == 0 || x->offset != a.accesses[k - 1].offset) {
                char field[128];
                snprintf(field, sizeof field, "%.100s.field%lld", name, x->offset);
                slots[k] = LLVMBuildAlloca(builder, x->type, field);
                LLVMSetAlignment(slots[k], LLVMABIAlignmentOfType(layout, x->type));
                fields++;
            }
            LLVMSetOperand(x->inst, LLVMIsALoadInst(x->inst) ? 0 : 1, slots[k]);
        }
        write_fills(&a, builder, slots);
        /* its address is never NULL: the way a test takes when it is is never taken,
         * and the loop rules need not see it skip a step */
        for (size_t k = 0; k < a.ntests; k++) {
            LLVMValueRef test = a.tests[k];
            LLVMTypeRef i1 = LLVMTypeOf(test);
            LLVMReplaceAllUsesWith(test, LLVMConstInt(i1, LLVMGetICmpPredicate(test) == LLVMIntNE, 0));
            LLVMInstructionEraseFromParent(test);
        }
        for (size_t k = a.ngeps; k-- > 0;) /* results first: each is then unused */
            if (!LLVMGetFirstUse(a.geps[k])) LLVMInstructionEraseFromParent(a.geps[k]);
    }
    if (a.memory_out) fields = -1;
    free(slots);
    free(a.accesses);
    free(a.geps);
    free(a.fills);
    free(a.tests);
    return fields;
}

/* Rule (fields of local structs): every local struct of M whose address stays local,
 * split into one variable per field, so that the rules read each field as they read a
 * local variable. */
long field_slots_split(LLVMModuleRef m) {
    LLVMTargetDataRef layout = LLVMGetModuleDataLayout(m);
    LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    long total = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && total >= 0; fn = LLVMGetNextFunction(fn)) {
        if (LLVMCountBasicBlocks(fn) == 0) continue;
        if (see_through_pointers(fn) != 0) {
            total = -1;
            break;
        }
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && total >= 0;
             bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsAAllocaInst(i)) continue;
                long got = split(layout, builder, i);
                if (got < 0) {
                    total = -1;
                    break;
                }
                total += got;
            }
    }
    LLVMDisposeBuilder(builder);
    return total;
}
