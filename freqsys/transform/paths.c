/* freqsys/transform/paths.c: numbers each function's acyclic paths and adds the path register and path
 * counters. */
/* SPDX-License-Identifier: MIT */
#include "paths.h"

#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "ptr_map.h"
#include "run_bounds.h"

/* The functions counters_insert counts, in its order. */
static int counted(LLVMValueRef fn) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    return LLVMCountBasicBlocks(fn) > 0 && strncmp(name, "freqsys_", 8) != 0;
}

static LLVMValueRef first_plain(LLVMBasicBlockRef bb) {
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
    return i;
}

/* Control flow the numbering cannot follow: a path register that could be
 * skipped (setjmp returns twice) or blocks without a place for the updates (asm
 * goto, exception pads). An indirectbr (a computed goto) is followed: it lists every
 * block it may go to, and the updates go into those blocks, as for a switch. */
static int supported(LLVMValueRef fn) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        if (!term || LLVMIsACallBrInst(term) || LLVMIsAInvokeInst(term) || LLVMIsACatchSwitchInst(term))
            return 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsALandingPadInst(i) || LLVMIsACatchPadInst(i) || LLVMIsACleanupPadInst(i)) return 0;
            if (LLVMIsACallInst(i)) {
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (callee && LLVMIsAFunction(callee) && run_bounds_returns_twice(callee)) return 0;
            }
        }
    }
    return 1;
}

/* The CFG of FN over local block indices, into F. Returns 0, or -1 out of memory. */
static int function_graph(LLVMValueRef fn, path_function *f) {
    unsigned n = LLVMCountBasicBlocks(fn), nedges = 0, k = 0;
    ptr_map ids = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
        if (ptr_map_put(&ids, bb, k) != 0) {
            ptr_map_free(&ids);
            return -1;
        }
        nedges += LLVMGetNumSuccessors(LLVMGetBasicBlockTerminator(bb));
    }
    f->first = calloc(n + 1, sizeof *f->first);
    f->succ = calloc(nedges + 1, sizeof *f->succ);
    if (!f->first || !f->succ) {
        ptr_map_free(&ids);
        return -1;
    }
    unsigned e = 0;
    k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
        f->first[k] = e;
        for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++)
            f->succ[e++] = (unsigned)ptr_map_get(&ids, LLVMGetSuccessor(term, s));
    }
    f->first[n] = e;
    f->graph = (path_graph){n, f->first, f->succ};
    ptr_map_free(&ids);
    return 0;
}

int paths_plan(LLVMModuleRef m, uint64_t max_paths, path_plan *p) {
    memset(p, 0, sizeof *p);
    p->max_paths = max_paths;
    size_t n = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) n += counted(fn);
    p->functions = calloc(n + 1, sizeof *p->functions);
    if (!p->functions) return -1;
    uint64_t blocks_listed = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!counted(fn)) continue;
        path_function *f = &p->functions[p->nfunctions++];
        if (!supported(fn)) {
            f->status = FSABI_PATHS_UNSUPPORTED;
            continue;
        }
        if (function_graph(fn, f) != 0 || path_numbering_build(&f->graph, &f->numbering) != 0) return -1;
        f->total = f->numbering.total;
        uint64_t room = PATHS_MODULE_COUNTERS - p->npaths;
        uint64_t listed = f->total * (uint64_t)f->graph.n; /* a path lists each block at most once */
        if (f->total > max_paths || f->total > room || f->total > PATHS_MODULE_BLOCKS ||
            listed > PATHS_MODULE_BLOCKS - blocks_listed) {
            f->status = FSABI_PATHS_HASHED; /* counted by id in the per-trial table */
            p->nhashed++;
            continue;
        }
        f->status = FSABI_PATHS_COUNTED;
        f->first_path = p->npaths;
        f->npaths = (unsigned)f->total;
        p->npaths += f->npaths;
        blocks_listed += listed;
    }
    return 0;
}

void paths_free(path_plan *p) {
    for (size_t i = 0; i < p->nfunctions; i++) {
        free(p->functions[i].first);
        free(p->functions[i].succ);
        path_numbering_free(&p->functions[i].numbering);
    }
    free(p->functions);
    memset(p, 0, sizeof *p);
}

typedef struct emit {
    LLVMBuilderRef b;
    LLVMTypeRef i64, i32, i1, counters_ty, count_ty;
    LLVMValueRef counters, sink, reg;
    uint64_t base;                /* the counter of the function's path 0 */
    LLVMValueRef table, count_fn; /* the per-trial path table and freqsys_rt_path_count */
    uint32_t function;            /* the function's index in the module's tables */
    int hashed;                   /* its paths are counted in the table, not in counters */
    int mixed;                    /* the register holds a hash of the edges, not a number */
} emit;

static LLVMValueRef c64(const emit *e, uint64_t v) {
    return LLVMConstInt(e->i64, v, 0);
}

/* The multiplier of the edge hash: odd, so each step is a bijection of the register. */
#define EDGE_HASH_MULTIPLIER 0x9e3779b97f4a7c15ull

/* SplitMix64's finaliser: distinct inputs give well-spread, distinct outputs. */
static uint64_t spread(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* What edge slot S of F adds to the register: its Ball-Larus value, or, in a function
 * whose paths are past 64 bits, a nonzero constant of its own (a switch's cases to one
 * block share the first one's). */
static uint64_t edge_value(const emit *e, const path_function *f, unsigned u, unsigned s) {
    if (!e->mixed) return f->numbering.val[s];
    unsigned c = f->first[u];
    while (f->succ[c] != f->succ[s]) c++;
    return spread(((uint64_t)e->function << 32) ^ c) | 1;
}

/* The value a path starting at header H begins with. */
static uint64_t restart_value(const emit *e, const path_function *f, unsigned h) {
    if (!e->mixed) return f->numbering.restart[h];
    return spread(((uint64_t)e->function << 32) ^ (f->first[f->graph.n] + h)) | 1;
}

/* The register after an edge that adds V: R + V, or the hash step (R ^ V) * M. A
 * value of 0 (no edge taken) leaves R as it is in both. */
static LLVMValueRef advance(const emit *e, LLVMValueRef r, LLVMValueRef v) {
    if (!e->mixed) return LLVMBuildAdd(e->b, r, v, "");
    if (LLVMIsAConstant(v) && LLVMIsNull(v)) return r;
    LLVMValueRef step = LLVMBuildMul(e->b, LLVMBuildXor(e->b, r, v, ""), c64(e, EDGE_HASH_MULTIPLIER), "");
    if (LLVMIsAConstant(v)) return step;
    return LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, v, c64(e, 0), ""), r, step, "");
}

/* Counts the path ID in the per-trial table when WEIGHT (an i64, 0 or 1) is 1. */
static void count_hashed(const emit *e, LLVMValueRef id, LLVMValueRef weight) {
    LLVMValueRef args[4] = {e->table, LLVMConstInt(e->i32, e->function, 0), id, weight};
    LLVMBuildCall2(e->b, e->count_ty, e->count_fn, args, 4, "");
}

/* Counts one run of the path ID. */
static void count_path(const emit *e, LLVMValueRef id);

/* The counter of the path whose value is VALUE. */
static LLVMValueRef path_slot(const emit *e, LLVMValueRef value) {
    LLVMValueRef idx[2] = {c64(e, 0), LLVMBuildAdd(e->b, value, c64(e, e->base), "")};
    return LLVMBuildInBoundsGEP2(e->b, e->counters_ty, e->counters, idx, 2, "");
}

static void bump(const emit *e, LLVMValueRef slot) {
    LLVMValueRef c = LLVMBuildLoad2(e->b, e->i64, slot, "");
    LLVMBuildStore(e->b, LLVMBuildAdd(e->b, c, c64(e, 1), ""), slot);
}

static void count_path(const emit *e, LLVMValueRef id) {
    if (e->hashed)
        count_hashed(e, id, c64(e, 1));
    else
        bump(e, path_slot(e, id));
}

/* A phi of TY in W with, per predecessor slot, VALUES[k]; a constant when all agree.
 * Call it before adding anything else to W: the phi goes after W's phis and before
 * the debug records of its first instruction (no phi may carry any); the builder is
 * then left before ANCHOR. */
static LLVMValueRef per_predecessor(const emit *e, LLVMBasicBlockRef w, LLVMValueRef anchor, LLVMTypeRef ty,
                                    const LLVMValueRef *values, LLVMBasicBlockRef *from, size_t n) {
    size_t k = 1;
    while (k < n && values[k] == values[0]) k++;
    if (k == n) return values[0];
    LLVMPositionBuilderBeforeInstrAndDbgRecords(e->b, first_plain(w));
    LLVMValueRef phi = LLVMBuildPhi(e->b, ty, "fs.path");
    LLVMAddIncoming(phi, (LLVMValueRef *)values, from, (unsigned)n);
    LLVMPositionBuilderBefore(e->b, anchor);
    return phi;
}

/* Whether every successor slot of U leads to one block: a latch, whose back edge
 * can be counted in U itself, with no test. */
static int single_successor(const path_function *f, unsigned u) {
    for (unsigned s = f->first[u]; s < f->first[u + 1]; s++)
        if (f->succ[s] != f->succ[f->first[u]]) return 0;
    return f->first[u] != f->first[u + 1];
}

/* The counts where paths end: at a latch whose only successor is a loop header (the
 * register holds the path; it restarts at the header's value), and at a block that
 * ends the run or returns. */
static void count_path_ends(const path_function *f, LLVMBasicBlockRef *bbs, LLVMValueRef *anchor, emit *e) {
    unsigned n = f->graph.n;
    const path_numbering *pn = &f->numbering;
    for (unsigned u = 0; u < n; u++) {
        unsigned s = f->first[u];
        if (!pn->reachable[u] || !single_successor(f, u) || !pn->back[s]) continue;
        LLVMPositionBuilderBefore(e->b, LLVMGetBasicBlockTerminator(bbs[u]));
        LLVMValueRef r = LLVMBuildLoad2(e->b, e->i64, e->reg, "");
        count_path(e, advance(e, r, c64(e, edge_value(e, f, u, s))));
        LLVMBuildStore(e->b, c64(e, restart_value(e, f, f->succ[s])), e->reg);
    }
    for (unsigned u = 0; u < n; u++) {
        if (!pn->reachable[u] || f->first[u] != f->first[u + 1]) continue;
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[u]);
        LLVMPositionBuilderBefore(e->b, LLVMIsAReturnInst(term) ? term : anchor[u]);
        count_path(e, LLVMBuildLoad2(e->b, e->i64, e->reg, ""));
    }
}

/* Instruments one function: R starts at 0 in the entry; entering W from U adds the
 * value of U->W; a back edge U->H counts the path that ended at U (R plus the back
 * edge's end value) and starts R at H's restart value: at the end of U when U has
 * no other successor, else on entering H (a select between the path's counter and
 * a sink, so no block is added); a block with no successor counts R, before its
 * return, or on entry when it ends otherwise (exit, abort, unreachable). */
static int instrument_function(LLVMValueRef fn, const path_function *f, emit *e) {
    unsigned n = f->graph.n;
    const path_numbering *pn = &f->numbering;
    LLVMBasicBlockRef *bbs = calloc(n + 1, sizeof *bbs);
    LLVMValueRef *anchor = calloc(n + 1, sizeof *anchor);
    unsigned *npred = calloc(n + 1, sizeof *npred), *pred_first = calloc(n + 2, sizeof *pred_first);
    unsigned nedges = f->first[n];
    unsigned *pred_slot = calloc(nedges + 1, sizeof *pred_slot),
             *pred_from = calloc(nedges + 1, sizeof *pred_from);
    LLVMValueRef *v_back = calloc(nedges + 1, sizeof *v_back), *v_end = calloc(nedges + 1, sizeof *v_end);
    LLVMValueRef *v_inc = calloc(nedges + 1, sizeof *v_inc);
    LLVMBasicBlockRef *from = calloc(nedges + 1, sizeof *from);
    int ok =
        bbs && anchor && npred && pred_first && pred_slot && pred_from && v_back && v_end && v_inc && from;
    if (!ok) goto out;
    unsigned k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), k++) {
        bbs[k] = bb;
        anchor[k] = first_plain(bb);
    }
    for (unsigned u = 0; u < n; u++)
        for (unsigned s = f->first[u]; s < f->first[u + 1]; s++) npred[f->succ[s]]++;
    for (unsigned w = 0; w < n; w++) pred_first[w + 1] = pred_first[w] + npred[w];
    memset(npred, 0, (n + 1) * sizeof *npred);
    for (unsigned u = 0; u < n; u++)
        for (unsigned s = f->first[u]; s < f->first[u + 1]; s++) {
            unsigned w = f->succ[s], at = pred_first[w] + npred[w]++;
            pred_slot[at] = s;
            pred_from[at] = u;
        }

    LLVMPositionBuilderBefore(e->b, LLVMGetFirstInstruction(bbs[0]));
    e->reg = LLVMBuildAlloca(e->b, e->i64, "fs.path");
    LLVMBuildStore(e->b, c64(e, 0), e->reg);

    for (unsigned w = 1; w < n; w++) {
        unsigned np = pred_first[w + 1] - pred_first[w];
        if (!pn->reachable[w] || np == 0) continue;
        int any_back = 0, any_inc = 0;
        for (unsigned i = 0; i < np; i++) {
            unsigned s = pred_slot[pred_first[w] + i], u = pred_from[pred_first[w] + i];
            int live = pn->reachable[u] && !(pn->back[s] && single_successor(f, u)); /* a latch did it */
            int back = live && pn->back[s];
            from[i] = bbs[u];
            v_back[i] = LLVMConstInt(e->i1, (unsigned long long)back, 0);
            uint64_t value = edge_value(e, f, u, s);
            v_end[i] = c64(e, back ? value : 0);
            v_inc[i] = c64(e, live && !back ? value : 0);
            any_back |= back;
            any_inc |= live && !back && value != 0;
        }
        if (!any_back && !any_inc) continue;
        LLVMValueRef inc = per_predecessor(e, bbs[w], anchor[w], e->i64, v_inc, from, np);
        LLVMValueRef is_back =
            any_back ? per_predecessor(e, bbs[w], anchor[w], e->i1, v_back, from, np) : NULL;
        LLVMValueRef end = any_back ? per_predecessor(e, bbs[w], anchor[w], e->i64, v_end, from, np) : NULL;
        LLVMPositionBuilderBefore(e->b, anchor[w]);
        if (!any_back) {
            LLVMValueRef r = LLVMBuildLoad2(e->b, e->i64, e->reg, "");
            LLVMBuildStore(e->b, advance(e, r, inc), e->reg);
            continue;
        }
        LLVMValueRef r = LLVMBuildLoad2(e->b, e->i64, e->reg, "");
        /* one increment, of the ended path's counter or of a sink (hashed: a call that
         * counts with weight 0 or 1): no new block */
        LLVMValueRef ended = advance(e, r, end);
        if (e->hashed) {
            count_hashed(e, ended, LLVMBuildZExt(e->b, is_back, e->i64, ""));
        } else {
            LLVMValueRef slot = LLVMBuildSelect(e->b, is_back, path_slot(e, ended), e->sink, "");
            bump(e, slot);
        }
        LLVMValueRef next =
            LLVMBuildSelect(e->b, is_back, c64(e, restart_value(e, f, w)), advance(e, r, inc), "");
        LLVMBuildStore(e->b, next, e->reg);
    }
    count_path_ends(f, bbs, anchor, e);
out:
    free(bbs);
    free(anchor);
    free(npred);
    free(pred_first);
    free(pred_slot);
    free(pred_from);
    free(v_back);
    free(v_end);
    free(v_inc);
    free(from);
    return ok ? 0 : -1;
}

static const char *const reasons[] = {
    "", "paths are more than the limit", "control flow the numbering does not follow",
    "paths are more than the limit, only those the trials take are reported"};

/* A zero-initialised internal global of TY named NAME. */
static LLVMValueRef zeroed(LLVMModuleRef m, LLVMTypeRef ty, const char *name) {
    LLVMValueRef g = LLVMAddGlobal(m, ty, name);
    LLVMSetInitializer(g, LLVMConstNull(ty));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

/* The per-trial path table (fsabi_path_table) and its arrays, into P->table; and the
 * declaration of the runtime's counting function. */
static void path_table_add(LLVMModuleRef m, const counter_table *t, path_plan *p, emit *e) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i8 = LLVMInt8TypeInContext(ctx);
    LLVMTypeRef slot_ty = LLVMStructTypeInContext(ctx, (LLVMTypeRef[]){e->i64, e->i64, e->i32, e->i32}, 4, 0);
    LLVMValueRef arrays[4] = {
        zeroed(m, LLVMArrayType2(slot_ty, FSABI_PATH_TABLE_SLOTS), "freqsys_path_slots"),
        zeroed(m, LLVMArrayType2(e->i32, FSABI_PATH_TABLE_LIMIT), "freqsys_path_used"),
        zeroed(m, LLVMArrayType2(i8, t->nfunctions + 1), "freqsys_path_lost"),
        zeroed(m, LLVMArrayType2(e->i32, t->nfunctions + 1), "freqsys_path_lost_list"),
    };
    LLVMTypeRef table_ty =
        LLVMStructTypeInContext(ctx, (LLVMTypeRef[]){ptr, ptr, ptr, ptr, e->i32, e->i32}, 6, 0);
    LLVMValueRef fields[6] = {
        arrays[0], arrays[1], arrays[2], arrays[3], LLVMConstInt(e->i32, 0, 0), LLVMConstInt(e->i32, 0, 0)};
    p->table = LLVMAddGlobal(m, table_ty, "freqsys_path_table");
    LLVMSetInitializer(p->table, LLVMConstStructInContext(ctx, fields, 6, 0));
    LLVMSetLinkage(p->table, LLVMInternalLinkage);
    e->table = p->table;
    LLVMTypeRef params[4] = {ptr, e->i32, e->i64, e->i64};
    e->count_ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, 4, 0);
    e->count_fn = LLVMGetNamedFunction(m, FSABI_PATH_COUNT);
    if (!e->count_fn) e->count_fn = LLVMAddFunction(m, FSABI_PATH_COUNT, e->count_ty);
}

int paths_insert(LLVMModuleRef m, const counter_table *t, path_plan *p, transform_warnings *w) {
    if (p->max_paths == 0) return 0;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    emit e = {0};
    e.b = LLVMCreateBuilderInContext(ctx);
    e.i64 = LLVMInt64TypeInContext(ctx);
    e.i1 = LLVMInt1TypeInContext(ctx);
    e.i32 = LLVMInt32TypeInContext(ctx);
    e.counters_ty = LLVMArrayType2(e.i64, t->ncounters);
    e.counters = t->counters;
    e.sink = LLVMAddGlobal(m, e.i64, "freqsys_path_sink");
    LLVMSetInitializer(e.sink, LLVMConstNull(e.i64));
    LLVMSetLinkage(e.sink, LLVMInternalLinkage);
    if (p->nhashed) path_table_add(m, t, p, &e);
    size_t i = 0;
    int rc = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && rc == 0 && i < p->nfunctions;
         fn = LLVMGetNextFunction(fn)) {
        if (!counted(fn)) continue;
        const path_function *f = &p->functions[i];
        const counted_function *cf = &t->functions[i++];
        if (f->status != FSABI_PATHS_COUNTED) {
            char total[32];
            if (f->status == FSABI_PATHS_UNSUPPORTED)
                snprintf(total, sizeof total, "?");
            else if (f->total == PATH_NUMBERING_TOO_MANY)
                snprintf(total, sizeof total, "more than 2^64");
            else
                snprintf(total, sizeof total, "%llu", (unsigned long long)f->total);
            rc = transform_warn(w, "%s:%u: paths of '%s' are %s: %s (%s paths, limit %llu)",
                                *cf->file ? cf->file : "?", cf->line, cf->name,
                                f->status == FSABI_PATHS_HASHED ? "hashed" : "not counted",
                                reasons[f->status], total, (unsigned long long)p->max_paths);
            if (f->status != FSABI_PATHS_HASHED || rc != 0) continue;
        }
        e.base = (uint64_t)t->nblocks + t->nwrites + f->first_path;
        e.function = (uint32_t)(i - 1);
        e.hashed = f->status == FSABI_PATHS_HASHED;
        e.mixed = e.hashed && f->total == PATH_NUMBERING_TOO_MANY;
        rc = instrument_function(fn, f, &e);
    }
    LLVMDisposeBuilder(e.b);
    return rc;
}
