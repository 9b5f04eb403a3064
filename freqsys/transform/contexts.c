/* freqsys/transform/contexts.c: counts every block once more per calling context, a context being the last
 * call sites on the stack. */
/* SPDX-License-Identifier: MIT */
#include "contexts.h"

#include "freqsys/abi.h"
#include "ptr_map.h"
#include "transform.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How it works at run time: one global, freqsys_context, holds 0 everywhere except
 * between a call site's store and the callee's first instruction, where it holds the
 * callee's context (its index among the callee's contexts, from a table of the
 * caller's context and the site). Every counted function reads it on entry and sets
 * it back to 0, so a function entered any other way (by the runtime, through a
 * pointer, from the C library) reads 0: its "outside" context, always its first.
 * Nothing needs restoring after a call, and exit() or longjmp cannot leave a stale
 * value behind. */

static int counted(LLVMValueRef fn) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    return LLVMCountBasicBlocks(fn) > 0 && strncmp(name, "freqsys_", 8) != 0;
}

/* ---- growable arrays ---- */

static int grow(void **items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need) n *= 2;
    void *g = realloc(*items, n * size);
    if (!g) return -1;
    *items = g;
    *cap = n;
    return 0;
}

/* A context found by the search, before they are ordered by function. */
typedef struct found {
    unsigned function, first, len, kind, local;
} found;

typedef struct search {
    found *found;
    size_t nfound, found_cap;
    unsigned *pool; /* the chains of found contexts */
    size_t npool, pool_cap;
    long long *slots; /* hash table of found indices; -1 empty */
    size_t nslots;
    unsigned *per_function; /* contexts found so far per function */
    long long *other;       /* each function's "other" context, or -1 */
    unsigned *trans;        /* triples: site, caller's local context, callee's */
    size_t ntrans, trans_cap;
} search;

static uint64_t chain_hash(unsigned function, const unsigned *chain, unsigned len) {
    uint64_t h = 1469598103934665603ull ^ function;
    for (unsigned k = 0; k < len; k++) h = (h ^ chain[k]) * 1099511628211ull;
    return (h ^ len) * 1099511628211ull;
}

static int rehash(search *s) {
    size_t n = s->nslots ? 2 * s->nslots : 1024;
    long long *slots = malloc(n * sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < n; i++) slots[i] = -1;
    for (size_t i = 0; i < s->nfound; i++) {
        const found *f = &s->found[i];
        size_t at = chain_hash(f->function, s->pool + f->first, f->len) & (n - 1);
        while (slots[at] >= 0) at = (at + 1) & (n - 1);
        slots[at] = (long long)i;
    }
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
    return 0;
}

static int add_found(search *s, unsigned function, const unsigned *chain, unsigned len, unsigned kind) {
    if (grow((void **)&s->found, &s->found_cap, s->nfound + 1, sizeof *s->found) != 0 ||
        grow((void **)&s->pool, &s->pool_cap, s->npool + len + 1, sizeof *s->pool) != 0)
        return -1;
    if (len) memcpy(s->pool + s->npool, chain, len * sizeof *chain);
    s->found[s->nfound] = (found){function, (unsigned)s->npool, len, kind, s->per_function[function]++};
    s->npool += len;
    s->nfound++;
    return 0;
}

/* The found index of FUNCTION's "other" context, made on first need. */
static long long other_of(search *s, unsigned function) {
    if (s->other[function] < 0) {
        if (add_found(s, function, NULL, 0, FSABI_CONTEXT_OTHER) != 0) return -1;
        s->other[function] = (long long)s->nfound - 1;
    }
    return s->other[function];
}

/* The found index of (FUNCTION, CHAIN), added when new: past the function's room,
 * its "other" context. -1 when memory ran out. */
static long long find_or_add(search *s, unsigned function, const unsigned *chain, unsigned len,
                             unsigned kind) {
    if (2 * (s->nfound + 2) > s->nslots && rehash(s) != 0) return -1;
    size_t at = chain_hash(function, chain, len) & (s->nslots - 1);
    for (; s->slots[at] >= 0; at = (at + 1) & (s->nslots - 1)) {
        const found *f = &s->found[s->slots[at]];
        if (f->function == function && f->len == len && f->kind == kind &&
            (len == 0 || memcmp(s->pool + f->first, chain, len * sizeof *chain) == 0))
            return s->slots[at];
    }
    if (s->per_function[function] - (s->other[function] >= 0) >= CONTEXTS_PER_FUNCTION)
        return other_of(s, function);
    if (add_found(s, function, chain, len, kind) != 0) return -1;
    s->slots[at] = (long long)s->nfound - 1;
    return s->slots[at];
}

/* ---- the call graph ---- */

static int call_in_counted(LLVMValueRef user, const ptr_map *ids) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
    return bb && ptr_map_get(ids, LLVMGetBasicBlockParent(bb)) >= 0;
}

/* Whether FN can be entered other than by a direct call from a counted function: its
 * address is stored, passed or compared, or something uncounted calls it. */
static int entered_from_outside(LLVMValueRef fn, const ptr_map *ids) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn || !call_in_counted(user, ids)) return 1;
        for (unsigned k = 0, n = LLVMGetNumArgOperands(user); k < n; k++)
            if (LLVMGetOperand(user, k) == fn) return 1;
    }
    return 0;
}

static int find_sites(LLVMModuleRef m, const ptr_map *ids, context_plan *p) {
    size_t cap = 0;
    unsigned f = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!counted(fn)) continue;
        context_function *cf = &p->functions[f];
        cf->fn = fn;
        cf->nblocks = LLVMCountBasicBlocks(fn);
        cf->first_site = (unsigned)p->nsites;
        unsigned local = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), local++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i)) continue;
                long long g = ptr_map_get(ids, LLVMGetCalledValue(i));
                if (g < 0) continue;
                if (grow((void **)&p->sites, &cap, p->nsites + 1, sizeof *p->sites) != 0) return -1;
                p->sites[p->nsites++] = (context_site){
                    i, f, (unsigned)g, LLVMGetDebugLocLine(i), LLVMGetDebugLocColumn(i), local, 0};
            }
        cf->nsites = (unsigned)p->nsites - cf->first_site;
        f++;
    }
    return 0;
}

/* Follows every call site from every context found, breadth first, until no new
 * context appears (finite: chains are at most DEPTH sites long). */
static int explore(context_plan *p, search *s) {
    unsigned chain[CONTEXTS_MAX_DEPTH + 1];
    for (size_t at = 0; at < s->nfound; at++) {
        found here = s->found[at];
        const context_function *cf = &p->functions[here.function];
        for (unsigned k = 0; k < cf->nsites; k++) {
            unsigned site = cf->first_site + k, callee = p->sites[site].callee;
            long long to;
            if (here.kind == FSABI_CONTEXT_OTHER) {
                to = other_of(s, callee);
            } else {
                unsigned len = here.len < p->depth ? here.len : p->depth - 1;
                if (len) memcpy(chain, s->pool + here.first + (here.len - len), len * sizeof *chain);
                chain[len++] = site;
                to = find_or_add(s, callee, chain, len, FSABI_CONTEXT_CALLS);
            }
            if (to < 0 || grow((void **)&s->trans, &s->trans_cap, s->ntrans + 3, sizeof *s->trans) != 0)
                return -1;
            s->trans[s->ntrans++] = site;
            s->trans[s->ntrans++] = here.local;
            s->trans[s->ntrans++] = s->found[to].local;
        }
    }
    return 0;
}

/* Orders the found contexts by function and fills the plan's tables. */
static int lay_out(context_plan *p, const search *s, char *err, size_t errlen) {
    uint64_t counters = 0;
    unsigned first = 0;
    size_t next = 0;
    for (size_t f = 0; f < p->nfunctions; f++) {
        context_function *cf = &p->functions[f];
        cf->first_context = first;
        cf->ncontexts = s->per_function[f];
        cf->first_counter = (unsigned)counters;
        uint64_t own = cf->ncontexts > 1 ? (uint64_t)cf->ncontexts * cf->nblocks : 0;
        counters += own;
        first += cf->ncontexts;
        if (counters > CONTEXTS_MODULE_COUNTERS) {
            size_t len;
            const char *name = LLVMGetValueName2(cf->fn, &len);
            snprintf(
                err, errlen,
                "freqsys: error: calling contexts of depth %u need more than %u counters (the room "
                "runs out at function '%.*s', with %u contexts of %u blocks): use a smaller --context-depth",
                p->depth, CONTEXTS_MODULE_COUNTERS, (int)len, name, cf->ncontexts, cf->nblocks);
            return TRANSFORM_ESPEC;
        }
        cf->ncounters = (unsigned)own;
        for (unsigned k = 0; k < cf->nsites; k++) {
            p->sites[cf->first_site + k].first_next = (unsigned)next;
            next += cf->ncontexts;
        }
    }
    p->ncounters = (unsigned)counters;
    p->ncontexts = s->nfound;
    p->nnext = next;
    p->contexts = calloc(s->nfound + 1, sizeof *p->contexts);
    p->chain = calloc(s->npool + 1, sizeof *p->chain);
    p->next = calloc(next + 1, sizeof *p->next);
    if (!p->contexts || !p->chain || !p->next) return -1;
    memcpy(p->chain, s->pool, s->npool * sizeof *s->pool);
    p->nchain = s->npool;
    for (size_t i = 0; i < s->nfound; i++) {
        const found *f = &s->found[i];
        p->contexts[p->functions[f->function].first_context + f->local] =
            (context_entry){f->function, f->first, f->len, f->kind};
    }
    for (size_t k = 0; k < s->ntrans; k += 3)
        p->next[p->sites[s->trans[k]].first_next + s->trans[k + 1]] = s->trans[k + 2];
    return 0;
}

static void search_free(search *s) {
    free(s->found);
    free(s->pool);
    free(s->slots);
    free(s->per_function);
    free(s->other);
    free(s->trans);
}

static int is_handler(LLVMValueRef fn, const LLVMValueRef *handlers, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (handlers[k] == fn) return 1;
    return 0;
}

int contexts_plan(LLVMModuleRef m, unsigned depth, LLVMValueRef entry, const LLVMValueRef *handlers,
                  size_t nhandlers, context_plan *p, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    p->depth = depth;
    ptr_map ids = {0};
    search s = {0};
    int rc = -1;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (counted(fn) && ptr_map_put(&ids, fn, (unsigned)p->nfunctions++) != 0) goto done;
    p->functions = calloc(p->nfunctions + 1, sizeof *p->functions);
    s.per_function = calloc(p->nfunctions + 1, sizeof *s.per_function);
    s.other = malloc((p->nfunctions + 1) * sizeof *s.other);
    if (!p->functions || !s.per_function || !s.other || find_sites(m, &ids, p) != 0 || rehash(&s) != 0)
        goto done;
    for (size_t f = 0; f < p->nfunctions; f++) s.other[f] = -1;
    /* the outside contexts first, so that each is its function's context 0 */
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        long long f = ptr_map_get(&ids, fn);
        if (f < 0 || !(fn == entry || is_handler(fn, handlers, nhandlers) || entered_from_outside(fn, &ids)))
            continue;
        if (find_or_add(&s, (unsigned)f, NULL, 0, FSABI_CONTEXT_OUTSIDE) < 0) goto done;
    }
    if (explore(p, &s) != 0) goto done;
    rc = lay_out(p, &s, err, errlen);
done:
    search_free(&s);
    ptr_map_free(&ids);
    return rc;
}

/* ---- the instrumentation ---- */

typedef struct emit {
    LLVMBuilderRef b;
    LLVMTypeRef i32, i64;
    LLVMValueRef current, next_table, counters;
    unsigned ncounters, base; /* base: where the context counters start */
} emit;

static LLVMValueRef first_after_phis(LLVMBasicBlockRef bb) {
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && (LLVMIsAPHINode(i) || LLVMIsALandingPadInst(i))) i = LLVMGetNextInstruction(i);
    return i;
}

/* counters[base + first_counter + context * nblocks + j] += 1 */
static void count(emit *e, LLVMValueRef row, unsigned j) {
    LLVMValueRef idx[2] = {LLVMConstInt(e->i64, 0, 0),
                           LLVMBuildAdd(e->b, row, LLVMConstInt(e->i64, j, 0), "")};
    LLVMValueRef slot =
        LLVMBuildInBoundsGEP2(e->b, LLVMArrayType2(e->i64, e->ncounters), e->counters, idx, 2, "");
    LLVMValueRef c = LLVMBuildLoad2(e->b, e->i64, slot, "");
    LLVMBuildStore(e->b, LLVMBuildAdd(e->b, c, LLVMConstInt(e->i64, 1, 0), ""), slot);
}

/* Before each call site: the callee's context, the same for every context of the
 * caller as a constant, else from the table. */
static void set_callee_context(emit *e, const context_plan *p, const context_site *site, unsigned ncontexts,
                               LLVMValueRef context) {
    const unsigned *next = p->next + site->first_next;
    int same = 1;
    for (unsigned k = 1; k < ncontexts; k++) same &= next[k] == next[0];
    LLVMPositionBuilderBefore(e->b, site->call);
    LLVMValueRef value = LLVMConstInt(e->i32, next[0], 0);
    if (!same) {
        LLVMValueRef at = LLVMBuildAdd(e->b, LLVMConstInt(e->i64, site->first_next, 0), context, "");
        LLVMValueRef idx[2] = {LLVMConstInt(e->i64, 0, 0), at};
        LLVMValueRef slot = LLVMBuildInBoundsGEP2(e->b, LLVMArrayType2(e->i32, (unsigned)p->nnext),
                                                  e->next_table, idx, 2, "");
        value = LLVMBuildLoad2(e->b, e->i32, slot, "");
    }
    LLVMBuildStore(e->b, value, e->current);
}

static void instrument_function(emit *e, LLVMValueRef fn, const context_plan *p, const context_function *cf) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMPositionBuilderBefore(e->b, first_after_phis(entry));
    LLVMValueRef context = LLVMConstInt(e->i64, 0, 0);
    if (cf->ncontexts > 1)
        context =
            LLVMBuildZExt(e->b, LLVMBuildLoad2(e->b, e->i32, e->current, "freqsys.context"), e->i64, "");
    LLVMBuildStore(e->b, LLVMConstInt(e->i32, 0, 0), e->current);
    if (cf->ncounters) { /* with one context, the blocks' own counters count it */
        LLVMValueRef row =
            LLVMBuildAdd(e->b, LLVMConstInt(e->i64, (uint64_t)e->base + cf->first_counter, 0),
                         LLVMBuildMul(e->b, context, LLVMConstInt(e->i64, cf->nblocks, 0), ""), "");
        unsigned j = 0;
        for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb), j++) {
            if (bb != entry) LLVMPositionBuilderBefore(e->b, first_after_phis(bb));
            count(e, row, j);
        }
    }
    for (unsigned k = 0; k < cf->nsites; k++)
        set_callee_context(e, p, &p->sites[cf->first_site + k], cf->ncontexts, context);
}

int contexts_insert(LLVMModuleRef m, const counter_table *t, const context_plan *p) {
    if (!p->depth) return 0;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    emit e = {.i32 = LLVMInt32TypeInContext(ctx),
              .i64 = LLVMInt64TypeInContext(ctx),
              .counters = t->counters,
              .ncounters = t->ncounters,
              .base = (unsigned)(t->nblocks + t->nwrites + t->npaths)};
    e.current = LLVMAddGlobal(m, e.i32, "freqsys_context");
    LLVMSetInitializer(e.current, LLVMConstInt(e.i32, 0, 0));
    LLVMSetLinkage(e.current, LLVMInternalLinkage);
    LLVMValueRef *rows = calloc(p->nnext + 1, sizeof *rows);
    if (!rows) return -1;
    for (size_t k = 0; k < p->nnext; k++) rows[k] = LLVMConstInt(e.i32, p->next[k], 0);
    LLVMValueRef init = LLVMConstArray2(e.i32, rows, p->nnext);
    free(rows);
    e.next_table = LLVMAddGlobal(m, LLVMTypeOf(init), "freqsys_context_next");
    LLVMSetInitializer(e.next_table, init);
    LLVMSetGlobalConstant(e.next_table, 1);
    LLVMSetLinkage(e.next_table, LLVMInternalLinkage);
    e.b = LLVMCreateBuilderInContext(ctx);
    size_t f = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && f < p->nfunctions; fn = LLVMGetNextFunction(fn)) {
        if (!counted(fn)) continue;
        const context_function *cf = &p->functions[f];
        if (t->functions[f++].nblocks != cf->nblocks)
            continue; /* a block counters_insert skipped: none in C */
        if (cf->ncontexts) instrument_function(&e, fn, p, cf);
    }
    LLVMDisposeBuilder(e.b);
    return 0;
}

void contexts_free(context_plan *p) {
    free(p->functions);
    free(p->contexts);
    free(p->sites);
    free(p->chain);
    free(p->next);
    memset(p, 0, sizeof *p);
}
