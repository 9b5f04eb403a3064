/* freqsys/bounds/inline_copy.c: copies a module and inlines its callees, for proofs across calls. */
/* SPDX-License-Identifier: MIT */
#include "inline_copy.h"

#include <stdlib.h>
#include <string.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include "field_slots.h"
#include "ptr_map.h"
#include "run_bounds.h"

typedef struct call_site {
    LLVMValueRef call;
    unsigned callee;
} call_site;

typedef struct fn_graph {
    LLVMValueRef *fns;
    unsigned n;
    ptr_map index;
    call_site *sites; /* grouped by caller: sites[first[f] .. first[f+1]) */
    size_t *first;
    size_t nsites;
    /* Tarjan's strongly connected parts */
    unsigned *order, *low, *stack;
    unsigned char *on_stack, *cyclic;
    unsigned next, top;
    unsigned *post; /* functions in the order their parts were closed: callees first */
    unsigned npost;
} fn_graph;

static int defined(LLVMValueRef fn) {
    return fn && LLVMIsAFunction(fn) && LLVMCountBasicBlocks(fn) > 0;
}

static void drop_attribute(LLVMValueRef fn, const char *name) {
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
}

/* Whether FN may be inlined at all: a fixed number of arguments, no call that can
 * return twice, not the runtime's own code and not one the runtime calls by name. */
static int inlinable(LLVMValueRef fn, const char *const *keep, size_t nkeep) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    if (!strncmp(name, "freqsys", 7) || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn))) return 0;
    for (size_t k = 0; k < nkeep; k++)
        if (keep[k] && !strcmp(keep[k], name)) return 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i) && !LLVMIsACallBrInst(i)) continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            if (callee && LLVMIsAFunction(callee) && run_bounds_returns_twice(callee)) return 0;
            if (LLVMIsACallBrInst(i) || LLVMIsAInvokeInst(i)) return 0;
        }
    return 1;
}

static int build(LLVMModuleRef m, fn_graph *g) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) g->n += defined(fn);
    g->fns = calloc(g->n + 1, sizeof *g->fns);
    g->first = calloc(g->n + 2, sizeof *g->first);
    if (!g->fns || !g->first) return -1;
    size_t cap = 0;
    unsigned f = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!defined(fn)) continue;
        g->fns[f] = fn;
        if (ptr_map_put(&g->index, fn, f++) != 0) return -1;
    }
    for (f = 0; f < g->n; f++) {
        g->first[f] = g->nsites;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g->fns[f]); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i)) continue;
                long long to = ptr_map_get(&g->index, LLVMGetCalledValue(i));
                if (to < 0) continue;
                if (g->nsites == cap) {
                    cap = cap ? 2 * cap : 256;
                    call_site *p = realloc(g->sites, cap * sizeof *p);
                    if (!p) return -1;
                    g->sites = p;
                }
                g->sites[g->nsites++] = (call_site){i, (unsigned)to};
            }
    }
    g->first[g->n] = g->nsites;
    g->order = calloc(g->n + 1, sizeof *g->order);
    g->low = calloc(g->n + 1, sizeof *g->low);
    g->stack = calloc(g->n + 1, sizeof *g->stack);
    g->post = calloc(g->n + 1, sizeof *g->post);
    g->on_stack = calloc(g->n + 1, 1);
    g->cyclic = calloc(g->n + 1, 1);
    return g->order && g->low && g->stack && g->post && g->on_stack && g->cyclic ? 0 : -1;
}

/* Tarjan's algorithm from F; ORDER is 1-based (0: not yet visited). Depth is at most
 * the number of functions. */
static void visit(fn_graph *g, unsigned f) {
    g->order[f] = g->low[f] = ++g->next;
    g->stack[g->top++] = f;
    g->on_stack[f] = 1;
    for (size_t s = g->first[f]; s < g->first[f + 1]; s++) {
        unsigned to = g->sites[s].callee;
        if (to == f) g->cyclic[f] = 1;
        if (!g->order[to]) {
            visit(g, to);
            if (g->low[to] < g->low[f]) g->low[f] = g->low[to];
        } else if (g->on_stack[to] && g->order[to] < g->low[f]) {
            g->low[f] = g->order[to];
        }
    }
    if (g->low[f] != g->order[f]) return;
    unsigned size = 0, from = g->top;
    do {
        g->on_stack[g->stack[--from]] = 0;
        size++;
    } while (g->stack[from] != f);
    for (unsigned k = from; k < g->top; k++) {
        if (size > 1) g->cyclic[g->stack[k]] = 1;
        g->post[g->npost++] = g->stack[k];
    }
    g->top = from;
}

static void free_graph(fn_graph *g) {
    free(g->fns);
    free(g->first);
    free(g->sites);
    free(g->order);
    free(g->low);
    free(g->stack);
    free(g->post);
    free(g->on_stack);
    free(g->cyclic);
    ptr_map_free(&g->index);
}

/* Marks the call sites to inline, callees before callers so that a callee's size is
 * its size with its own callees inlined. Returns how many were marked. */
static size_t mark_sites(fn_graph *g, const char *const *keep, size_t nkeep) {
    LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(g->fns[0]));
    unsigned kind = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    LLVMAttributeRef always = LLVMCreateEnumAttribute(ctx, kind, 0);
    size_t *size = calloc(g->n + 1, sizeof *size), total = 0, grown = 0, marked = 0;
    unsigned char *can = calloc(g->n + 1, 1);
    if (!size || !can) {
        free(size);
        free(can);
        return 0;
    }
    for (unsigned f = 0; f < g->n; f++) {
        size[f] = LLVMCountBasicBlocks(g->fns[f]);
        total += size[f];
        can[f] = !g->cyclic[f] && inlinable(g->fns[f], keep, nkeep);
    }
    for (unsigned k = 0; k < g->npost; k++) {
        unsigned f = g->post[k];
        for (size_t s = g->first[f]; s < g->first[f + 1]; s++) {
            unsigned to = g->sites[s].callee;
            if (!can[to] || to == f || size[f] + size[to] > INLINE_COPY_MAX_BLOCKS ||
                grown + size[to] > 4 * total)
                continue;
            size[f] += size[to];
            grown += size[to];
            LLVMAddCallSiteAttribute(g->sites[s].call, LLVMAttributeFunctionIndex, always);
            marked++;
        }
    }
    free(size);
    free(can);
    return marked;
}

/* Takes out the calls of llvm.lifetime.start and .end. */
static void drop_lifetimes(LLVMModuleRef m) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
                LLVMValueRef next = LLVMGetNextInstruction(i);
                LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
                size_t len;
                if (callee && LLVMIsAFunction(callee) &&
                    !strncmp(LLVMGetValueName2(callee, &len), "llvm.lifetime.", 14))
                    LLVMInstructionEraseFromParent(i);
                i = next;
            }
}

LLVMModuleRef inline_copy_make(LLVMModuleRef m, const char *const *keep, size_t nkeep, size_t *inlined) {
    *inlined = 0;
    LLVMModuleRef copy = LLVMCloneModule(m);
    if (!copy) return NULL;
    fn_graph g = {0};
    int rc = build(copy, &g);
    for (unsigned f = 0; rc == 0 && f < g.n; f++)
        if (!g.order[f]) visit(&g, f);
    size_t marked = rc == 0 && g.n > 0 ? mark_sites(&g, keep, nkeep) : 0;
    /* clang -O0 marks every function noinline and optnone */
    for (unsigned f = 0; marked && f < g.n; f++) {
        drop_attribute(g.fns[f], "optnone");
        drop_attribute(g.fns[f], "noinline");
    }
    free_graph(&g);
    if (marked) {
        LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
        LLVMErrorRef e = LLVMRunPasses(copy, "always-inline", NULL, opts);
        LLVMDisposePassBuilderOptions(opts);
        if (e) {
            LLVMConsumeError(e);
            rc = -1;
        }
    }
    drop_lifetimes(copy);
    /* after inlining: a struct a callee reached through its pointer is now the
     * caller's own, and its fields can be variables of their own */
    long fields = rc == 0 ? field_slots_split(copy) : -1;
    if (fields < 0 || (!marked && fields == 0)) {
        LLVMDisposeModule(copy);
        return NULL;
    }
    *inlined = marked;
    return copy;
}
