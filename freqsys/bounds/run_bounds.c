/* freqsys/bounds/run_bounds.c: proves how many times at most each block can run in one run. */
/* SPDX-License-Identifier: MIT */
#include "run_bounds.h"

#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "global_values.h"
#include "indirect_calls.h"
#include "inline_copy.h"
#include "loop_bounds.h"
#include "ptr_map.h"
#include "unsigned_slots.h"

#define UNBOUNDED ((uint64_t)FSABI_RUNS_UNBOUNDED)

int run_bounds_returns_twice(LLVMValueRef callee) {
    size_t n;
    const char *name = LLVMGetValueName2(callee, &n);
    unsigned kind = LLVMGetEnumAttributeKindForName("returns_twice", 13);
    return strstr(name, "setjmp") || strstr(name, "vfork") || strstr(name, "getcontext") ||
           LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind) != NULL;
}

static int is_call(LLVMValueRef i) {
    return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i);
}

/* Saturating product and sum: anything at or past UNBOUNDED stays there; 0 times
 * unbounded is 0 (a site that never runs calls nothing). */
static uint64_t times(uint64_t a, uint64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a >= UNBOUNDED || b >= UNBOUNDED || a > UNBOUNDED / b) return UNBOUNDED;
    return a * b;
}

static uint64_t plus(uint64_t a, uint64_t b) {
    return a >= UNBOUNDED || b >= UNBOUNDED || a + b >= UNBOUNDED ? UNBOUNDED : a + b;
}

/* Whether I registers FN with the runtime's atexit: FN then runs once at the end of
 * the run for each time I runs, as if I called it. */
static int registers(LLVMValueRef i, LLVMValueRef fn) {
    LLVMValueRef callee = is_call(i) ? LLVMGetCalledValue(i) : NULL;
    size_t n;
    return callee && LLVMIsAFunction(callee) && LLVMCountBasicBlocks(callee) == 0 &&
           LLVMGetNumArgOperands(i) == 1 && LLVMGetOperand(i, 0) == fn &&
           !strcmp(LLVMGetValueName2(callee, &n), FSABI_ATEXIT);
}

/* Whether V, a user of a function, is a constant (not a global) that nothing uses,
 * through other constants, any more: what is left of an array the module no longer
 * holds, such as the constructors' once program_ends.c took them out. */
static int dead_constant(LLVMValueRef v, int depth) {
    if (!LLVMIsAConstant(v) || LLVMIsAGlobalValue(v) || depth > 8) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!dead_constant(LLVMGetUser(u), depth + 1)) return 0;
    return 1;
}

/* Whether FN is used other than as the callee of a direct call, or the handler
 * atexit registers: then anything may call it (qsort, a handler, a table), any
 * number of times. */
static int address_taken(LLVMValueRef fn) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (registers(user, fn) || dead_constant(user, 0)) continue;
        if (!is_call(user) || LLVMGetCalledValue(user) != fn) return 1;
        unsigned nargs = LLVMGetNumArgOperands(user);
        for (unsigned a = 0; a < nargs; a++)
            if (LLVMGetOperand(user, a) == fn) return 1;
    }
    return 0;
}

typedef struct call_edge {
    unsigned from, to;
    uint64_t per_call;
    int cap;
} call_edge;

typedef struct call_graph {
    LLVMValueRef *fns; /* the defined functions, in module order */
    unsigned n;
    unsigned char *followed; /* [n]: address taken, and only the module's calls through
                              * pointers reach it (indirect_calls.h): edges from those */
    ptr_map index;           /* function -> position in fns */
    uint64_t **local;        /* [n][its blocks]: per-call bounds */
    int **cap_of;            /* [n][its blocks]: the cap each rests on, -1 none */
    unsigned *nblocks;
    call_edge *edges;
    size_t nedges, cap;
} call_graph;

static int add_edge(call_graph *g, call_edge e) {
    if (g->nedges == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 64;
        call_edge *p = realloc(g->edges, cap * sizeof *p);
        if (!p) return -1;
        g->edges = p;
        g->cap = cap;
    }
    g->edges[g->nedges++] = e;
    return 0;
}

/* Rule (function caps): `cap FUNCTION N` bounds every block of FN by N per call
 * where the code proves no less. */
static void function_cap(LLVMValueRef fn, bound_given *given, unsigned nb, uint64_t *local, int *cap_of) {
    size_t n;
    const char *name = LLVMGetValueName2(fn, &n);
    for (size_t k = 0; given && k < given->ncaps; k++) {
        bound_cap *c = &given->caps[k];
        if (!c->function || strcmp(c->function, name) != 0) continue;
        c->used = 1;
        for (unsigned b = 0; b < nb; b++)
            if (local[b] > c->n) {
                local[b] = c->n;
                cap_of[b] = (int)k;
            }
    }
}

/* Marks in SEEN, and pushes on STACK, every block of the function's NB blocks BBS
 * (IDS their indices) reachable from those already on it. */
static void reach_all(LLVMBasicBlockRef *bbs, const ptr_map *ids, unsigned *stack, size_t top,
                      unsigned char *seen) {
    while (top) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[stack[--top]]);
        for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++) {
            long long to = ptr_map_get(ids, LLVMGetSuccessor(term, k));
            if (to >= 0 && !seen[to]) {
                seen[to] = 1;
                stack[top++] = (unsigned)to;
            }
        }
    }
}

/* The successor block B's branch takes when the setjmp call CALL in it returned
 * non-zero (after a longjmp), or NULL when B does not end in such a test of it. */
static LLVMBasicBlockRef landing_of(LLVMBasicBlockRef b, LLVMValueRef call) {
    size_t n;
    if (!strstr(LLVMGetValueName2(LLVMGetCalledValue(call), &n), "setjmp")) return NULL; /* vfork: 0 twice */
    LLVMValueRef br = LLVMGetBasicBlockTerminator(b);
    if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br)) return NULL;
    LLVMValueRef cmp = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(cmp)) return NULL;
    LLVMValueRef a = LLVMGetOperand(cmp, 0), z = LLVMGetOperand(cmp, 1);
    if (a != call || !LLVMIsAConstantInt(z) || LLVMConstIntGetZExtValue(z) != 0) return NULL;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    if (p != LLVMIntNE && p != LLVMIntEQ) return NULL;
    return LLVMGetSuccessor(br, p == LLVMIntNE ? 0 : 1);
}

/* Whether the blocks marked in IN (NB of BBS) call nothing but LLVM's intrinsics and
 * the runtime's own functions (none of which jumps back into the program's frames)
 * and hold no cycle: a pass through them runs each at most once. */
static int straight_and_calls_nothing(LLVMBasicBlockRef *bbs, const ptr_map *ids, unsigned nb,
                                      const unsigned char *in) {
    unsigned *indeg = calloc(nb + 1, sizeof *indeg), *queue = calloc(nb + 1, sizeof *queue);
    int ok = indeg && queue;
    for (unsigned b = 0; ok && b < nb; b++) {
        if (!in[b]) continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); ok && i; i = LLVMGetNextInstruction(i)) {
            if (!is_call(i)) continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            size_t n;
            const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
            ok = (!strncmp(name, "llvm.", 5) && !strstr(name, "jmp")) || !strncmp(name, "freqsys_rt_", 11);
        }
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[b]);
        for (unsigned k = 0; ok && term && k < LLVMGetNumSuccessors(term); k++) {
            long long to = ptr_map_get(ids, LLVMGetSuccessor(term, k));
            if (to >= 0) indeg[to]++;
        }
    }
    size_t head = 0, tail = 0, left = 0; /* Kahn's order: a cycle leaves blocks behind */
    for (unsigned b = 0; ok && b < nb; b++) {
        left += in[b];
        if (in[b] && indeg[b] == 0) queue[tail++] = b;
    }
    while (ok && head < tail) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[queue[head++]]);
        left--;
        for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++) {
            long long to = ptr_map_get(ids, LLVMGetSuccessor(term, k));
            if (to >= 0 && --indeg[to] == 0) queue[tail++] = (unsigned)to;
        }
    }
    free(indeg);
    free(queue);
    return ok && left == 0;
}

/* Rule (returning twice): a call of setjmp (vfork, getcontext) may return again, from
 * a longjmp anywhere below while FN's frame lives, and FN goes on from that call's
 * block each time. Where setjmp's block B is in no cycle and ends in a test of its
 * result against 0, a jump lands on the non-zero side's blocks L (all they reach);
 * when L holds no cycle and calls nothing that could jump (setjmp returns 0 only when
 * called, so the zero side runs once), one jump at most lands per call, and each block
 * of L runs at most once more than its bound per call. Elsewhere every block FN can
 * reach from B, B included, loses its bound per call. Blocks no jump can reach keep
 * theirs: a jump enters only at the call, and a jump out of a frame only ends it
 * early. Returns 0, -1 when memory ran out. */
static int after_returns_twice(LLVMValueRef fn, unsigned nb, uint64_t *local) {
    LLVMBasicBlockRef *bbs = malloc((nb + 1) * sizeof *bbs);
    unsigned *stack = malloc((nb + 1) * sizeof *stack);
    unsigned char *seen = calloc(nb + 1, 1), *landed = calloc(nb + 1, 1), *open = calloc(nb + 1, 1);
    ptr_map ids = {0};
    int rc = bbs && stack && seen && landed && open ? 0 : -1;
    if (rc == 0) LLVMGetBasicBlocks(fn, bbs);
    for (unsigned b = 0; rc == 0 && b < nb; b++) rc = ptr_map_put(&ids, bbs[b], b);
    for (unsigned b = 0; rc == 0 && b < nb; b++)
        for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[b]); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = is_call(i) ? LLVMGetCalledValue(i) : NULL;
            if (!callee || !LLVMIsAFunction(callee) || !run_bounds_returns_twice(callee)) continue;
            LLVMBasicBlockRef land = landing_of(bbs[b], i);
            long long l = land ? ptr_map_get(&ids, land) : -1;
            memset(seen, 0, nb);
            size_t top = 0;
            if (l >= 0) {
                seen[l] = 1;
                stack[top++] = (unsigned)l;
            } else {
                seen[b] = 1;
                stack[top++] = b;
            }
            reach_all(bbs, &ids, stack, top, seen);
            int once = l >= 0 && !seen[b] && straight_and_calls_nothing(bbs, &ids, nb, seen);
            for (unsigned k = 0; k < nb; k++) {
                if (!seen[k]) continue;
                if (once && !landed[k])
                    landed[k] = 1;
                else
                    open[k] = 1; /* a second landing region, or one a jump may land on often */
            }
            if (l < 0 || !once) open[b] = 1;
        }
    for (unsigned b = 0; rc == 0 && b < nb; b++)
        local[b] = open[b] ? UNBOUNDED : landed[b] ? plus(local[b], 1) : local[b];
    ptr_map_free(&ids);
    free(bbs);
    free(stack);
    free(seen);
    free(landed);
    free(open);
    return rc;
}

static int build_graph(LLVMModuleRef m, bound_given *given, call_graph *g) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (LLVMCountBasicBlocks(fn) > 0) g->n++;
    g->fns = calloc(g->n + 1, sizeof *g->fns);
    g->local = calloc(g->n + 1, sizeof *g->local);
    g->nblocks = calloc(g->n + 1, sizeof *g->nblocks);
    g->cap_of = calloc(g->n + 1, sizeof *g->cap_of);
    if (!g->fns || !g->local || !g->nblocks || !g->cap_of) return -1;
    unsigned k = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMCountBasicBlocks(fn) == 0) continue;
        g->fns[k] = fn;
        g->nblocks[k] = LLVMCountBasicBlocks(fn);
        g->local[k] = calloc(g->nblocks[k], sizeof **g->local);
        g->cap_of[k] = calloc(g->nblocks[k], sizeof **g->cap_of);
        if (!g->local[k] || !g->cap_of[k] || ptr_map_put(&g->index, fn, k) != 0 ||
            loop_bounds_capped(fn, g->nblocks[k], given, g->local[k], g->cap_of[k]) != 0)
            return -1;
        function_cap(fn, given, g->nblocks[k], g->local[k], g->cap_of[k]);
        if (after_returns_twice(fn, g->nblocks[k], g->local[k]) != 0) return -1;
        k++;
    }
    /* Rule (calls through pointers): a call through a pointer reaches at most the
     * functions of its type whose address only the module's code can call through */
    g->followed = calloc(g->n + 1, 1);
    unsigned *targets = calloc(g->n + 1, sizeof *targets), ntargets = 0;
    if (!g->followed || !targets) {
        free(targets);
        return -1;
    }
    int closed = indirect_calls_closed(m, NULL, 0);
    for (unsigned f = 0; closed && f < g->n; f++)
        if (address_taken(g->fns[f]) && indirect_calls_why(g->fns[f], closed) == INDIRECT_FOLLOWED) {
            g->followed[f] = 1;
            targets[ntargets++] = f;
        }
    for (unsigned f = 0; f < g->n; f++) {
        unsigned b = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g->fns[f]); bb;
             bb = LLVMGetNextBasicBlock(bb), b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!is_call(i)) continue;
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (indirect_calls_is_site(i))
                    for (unsigned k = 0; k < ntargets; k++)
                        if (indirect_calls_may_reach(i, g->fns[targets[k]]) &&
                            add_edge(g, (call_edge){f, targets[k], g->local[f][b], g->cap_of[f][b]}) != 0) {
                            free(targets);
                            return -1;
                        }
                if (!callee || !LLVMIsAFunction(callee)) continue;
                /* atexit(h) runs h at the end once for each time it ran: an edge to h */
                if (LLVMGetNumArgOperands(i) == 1 && registers(i, LLVMGetOperand(i, 0)))
                    callee = LLVMGetOperand(i, 0);
                long long to = ptr_map_get(&g->index, callee);
                if (to >= 0 &&
                    add_edge(g, (call_edge){f, (unsigned)to, g->local[f][b], g->cap_of[f][b]}) != 0) {
                    free(targets);
                    return -1;
                }
            }
    }
    free(targets);
    return 0;
}

/* CALLS[f]: the most times function f runs in one run, by Kahn's order over the
 * direct call graph from ENTRY and START (each run once); functions on or below a
 * call cycle never leave the queue's reach and stay unbounded. VIA[f]: a cap
 * CALLS[f] rests on, -1 none. */
static int function_bounds(const call_graph *g, LLVMValueRef entry, LLVMValueRef start, uint64_t *calls,
                           int *via) {
    unsigned *indeg = calloc(g->n + 1, sizeof *indeg), *queue = calloc(g->n + 1, sizeof *queue);
    unsigned char *done = calloc(g->n + 1, 1);
    size_t *first = calloc(g->n + 2, sizeof *first);
    call_edge *sorted = calloc(g->nedges + 1, sizeof *sorted);
    size_t *fill = calloc(g->n + 1, sizeof *fill);
    if (!indeg || !queue || !done || !first || !sorted || !fill) {
        free(indeg);
        free(queue);
        free(done);
        free(first);
        free(sorted);
        free(fill);
        return -1;
    }
    for (size_t e = 0; e < g->nedges; e++) {
        indeg[g->edges[e].to]++;
        first[g->edges[e].from + 1]++;
    }
    for (unsigned f = 0; f < g->n; f++) first[f + 1] += first[f];
    for (size_t e = 0; e < g->nedges; e++)
        sorted[first[g->edges[e].from] + fill[g->edges[e].from]++] = g->edges[e];
    free(fill);

    size_t head = 0, tail = 0;
    for (unsigned f = 0; f < g->n; f++) {
        calls[f] = g->fns[f] == entry || (start && g->fns[f] == start) ? 1 : 0;
        via[f] = -1;
        if (address_taken(g->fns[f]) && !g->followed[f]) calls[f] = UNBOUNDED;
        if (indeg[f] == 0) queue[tail++] = f;
    }
    while (head < tail) {
        unsigned f = queue[head++];
        done[f] = 1;
        for (size_t e = first[f]; e < first[f + 1]; e++) {
            unsigned to = sorted[e].to;
            uint64_t more = times(calls[f], sorted[e].per_call);
            calls[to] = plus(calls[to], more);
            if (more && via[to] < 0) via[to] = sorted[e].cap >= 0 ? sorted[e].cap : via[f];
            if (--indeg[to] == 0) queue[tail++] = to;
        }
    }
    for (unsigned f = 0; f < g->n; f++)
        if (!done[f]) calls[f] = UNBOUNDED;
    free(indeg);
    free(queue);
    free(done);
    free(first);
    free(sorted);
    return 0;
}

static void free_graph(call_graph *g) {
    for (unsigned f = 0; g->local && f < g->n; f++) free(g->local[f]);
    for (unsigned f = 0; g->cap_of && f < g->n; f++) free(g->cap_of[f]);
    free(g->local);
    free(g->cap_of);
    free(g->fns);
    free(g->followed);
    free(g->nblocks);
    free(g->edges);
    ptr_map_free(&g->index);
}

/* The proofs on one module: each defined function's most calls in a run (CALLS, VIA
 * the cap each rests on) and each block's most runs per call (G). */
static int prove_module(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, bound_given *given,
                        call_graph *g, uint64_t **calls, int **via) {
    ptr_map unsigned_vars = {0};
    const ptr_map *held = given ? given->unsigned_slots : NULL;
    if (given && unsigned_slots_make(m, &unsigned_vars) == 0) given->unsigned_slots = &unsigned_vars;
    int rc = build_graph(m, given, g);
    if (rc == 0)
        rc = (*calls = calloc(g->n + 1, sizeof **calls)) && (*via = calloc(g->n + 1, sizeof **via))
                 ? function_bounds(g, entry, start, *calls, *via)
                 : -1;
    if (given) given->unsigned_slots = held;
    ptr_map_free(&unsigned_vars);
    return rc;
}

/* The counter (an index into COUNTERS) that I, a load, reads, or -1: the block
 * increments it. The first counter's address folds to the array itself. */
static long long counter_read(LLVMValueRef i, LLVMValueRef counters) {
    if (!LLVMIsALoadInst(i)) return -1;
    LLVMValueRef p = LLVMGetOperand(i, 0);
    if (p == counters) return 0;
    int gep = (LLVMIsAGetElementPtrInst(p) != NULL) ||
              (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (!gep || LLVMGetNumOperands(p) != 3 || LLVMGetOperand(p, 0) != counters) return -1;
    LLVMValueRef zero = LLVMGetOperand(p, 1), j = LLVMGetOperand(p, 2);
    if (!LLVMIsAConstantInt(zero) || LLVMConstIntGetZExtValue(zero) != 0 || !LLVMIsAConstantInt(j)) return -1;
    return (long long)LLVMConstIntGetZExtValue(j);
}

/* Rule (facts across calls): the same proofs on a copy of M with its callees inlined
 * (inline_copy.h), where what a caller knows reaches the callee's loops. A block of
 * M now has a copy at each place it was inlined, besides its own, and every copy
 * counts on the block's counter: the block's bound is the sum of its copies' bounds.
 * Lowers MAX_RUNS where that sum is less. Returns 0, -1 when memory ran out. */
static int across_calls(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                        bound_given *given, uint32_t *max_runs, int *cap_of) {
    size_t len;
    const char *keep[3] = {LLVMGetValueName2(entry, &len), start ? LLVMGetValueName2(start, &len) : NULL,
                           given && given->walks.entry ? LLVMGetValueName2(given->walks.entry, &len) : NULL};
    size_t inlined;
    LLVMModuleRef copy = inline_copy_make(m, keep, 3, &inlined);
    if (!copy) return 0;
    bound_given held = given ? *given : (bound_given){0};
    if (given && given->walks.entry) held.walks.entry = LLVMGetNamedFunction(copy, keep[2]);
    global_facts globals = {0}; /* the copy's own globals: the facts name the module's */
    held.globals =
        given && given->globals && global_facts_moved(given->globals, copy, &globals) == 0 ? &globals : NULL;
    LLVMValueRef counters = LLVMGetNamedGlobal(copy, LLVMGetValueName2(t->counters, &len));
    call_graph g = {0};
    uint64_t *calls = NULL, *sum = calloc(t->nblocks + 1, sizeof *sum);
    int *via = NULL, *sum_cap = malloc((t->nblocks + 1) * sizeof *sum_cap);
    unsigned char *found = calloc(t->nblocks + 1, 1);
    int rc = sum && sum_cap && found ? 0 : -1;
    LLVMValueRef copy_entry = LLVMGetNamedFunction(copy, keep[0]),
                 copy_start = start ? LLVMGetNamedFunction(copy, keep[1]) : NULL;
    if (!copy_entry || (start && !copy_start) || (given && given->walks.entry && !held.walks.entry))
        counters = NULL; /* unnamed: the copy's cannot be told apart */
    if (rc == 0 && counters)
        rc = prove_module(copy, copy_entry, copy_start, given ? &held : NULL, &g, &calls, &via);
    for (size_t j = 0; rc == 0 && j < t->nblocks; j++) sum_cap[j] = -1;
    for (unsigned f = 0; rc == 0 && counters && f < g.n; f++) {
        unsigned b = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g.fns[f]); bb;
             bb = LLVMGetNextBasicBlock(bb), b++) {
            uint64_t bound = times(calls[f], g.local[f][b]);
            int cap = g.cap_of[f][b] >= 0 ? g.cap_of[f][b] : via[f];
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                long long j = counter_read(i, counters);
                if (j < 0 || (size_t)j >= t->nblocks) continue;
                found[j] = 1;
                sum[j] = plus(sum[j], bound);
                if (bound > 0 && sum_cap[j] < 0) sum_cap[j] = cap;
            }
        }
    }
    /* a block whose every copy was found to be unreachable keeps its bound: only a
     * counter seen somewhere is known to be read the way counter_read expects */
    for (size_t j = 0; rc == 0 && counters && j < t->nblocks; j++) {
        if (!found[j] || sum[j] >= UNBOUNDED || sum[j] >= (uint64_t)max_runs[j]) continue;
        max_runs[j] = (uint32_t)sum[j];
        if (cap_of) cap_of[j] = sum[j] > 0 ? sum_cap[j] : -1;
    }
    free(calls);
    free(via);
    free(sum);
    free(sum_cap);
    free(found);
    free_graph(&g);
    global_facts_free(&globals);
    LLVMDisposeModule(copy);
    return rc;
}

int run_bounds_prove(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                     bound_given *given, uint32_t *max_runs, int *cap_of) {
    for (size_t j = 0; j < t->nblocks; j++) max_runs[j] = FSABI_RUNS_UNBOUNDED;
    for (size_t j = 0; cap_of && j < t->nblocks; j++) cap_of[j] = -1;
    call_graph g = {0};
    uint64_t *calls = NULL;
    int *via = NULL;
    int rc = prove_module(m, entry, start, given, &g, &calls, &via);
    if (rc == 0 && entry) {
        for (size_t f = 0; f < t->nfunctions; f++) {
            const counted_function *cf = &t->functions[f];
            LLVMValueRef fn = LLVMGetNamedFunction(m, cf->name);
            long long k = fn ? ptr_map_get(&g.index, fn) : -1;
            if (k < 0 || g.nblocks[k] != cf->nblocks) continue; /* not the function counted */
            for (unsigned b = 0; b < cf->nblocks; b++) {
                uint64_t bound = times(calls[k], g.local[k][b]);
                max_runs[cf->first_block + b] = bound >= UNBOUNDED ? FSABI_RUNS_UNBOUNDED : (uint32_t)bound;
                if (cap_of && bound > 0 && bound < UNBOUNDED)
                    cap_of[cf->first_block + b] = g.cap_of[k][b] >= 0 ? g.cap_of[k][b] : via[k];
            }
        }
    }
    free(calls);
    free(via);
    free_graph(&g);
    if (rc == 0 && entry && t->counters) rc = across_calls(m, entry, start, t, given, max_runs, cap_of);
    return rc;
}
