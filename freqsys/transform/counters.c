/* freqsys/transform/counters.c: adds a counter to every basic block and records the block table. */
/* SPDX-License-Identifier: MIT */
#include "counters.h"

#include "freqsys/abi.h"
#include "ptr_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/DebugInfo.h>

static int is_ours(LLVMValueRef fn) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    return strncmp(name, "freqsys_", 8) == 0;
}

static int instrumentable(LLVMValueRef fn) {
    return LLVMCountBasicBlocks(fn) > 0 && !is_ours(fn);
}

/* The first instruction that may follow PHIs and exception-handling pads. */
static LLVMValueRef insertion_point(LLVMBasicBlockRef bb) {
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && (LLVMIsAPHINode(i) || LLVMIsALandingPadInst(i) || LLVMIsACatchPadInst(i) ||
                 LLVMIsACleanupPadInst(i)))
        i = LLVMGetNextInstruction(i);
    return i;
}

static char *dup_len(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s ? s : "", n);
        d[n] = '\0';
    }
    return d;
}

/* Whether instruction I carries a location; if so, its file and line into *FILE (to
 * free) and *LINE. */
static int located(LLVMValueRef i, char **file, unsigned *line) {
    unsigned l = LLVMGetDebugLocLine(i);
    if (l == 0) return 0;
    unsigned flen = 0, dlen = 0;
    const char *f = LLVMGetDebugLocFilename(i, &flen);
    const char *d = LLVMGetDebugLocDirectory(i, &dlen);
    if (f && flen > 0 && f[0] != '/' && d && dlen > 0) {
        char *full = malloc(dlen + flen + 2);
        if (full) sprintf(full, "%.*s/%.*s", (int)dlen, d, (int)flen, f);
        *file = full;
    } else {
        *file = dup_len(f, flen);
    }
    *line = l;
    return 1;
}

static void subprogram_position(LLVMValueRef fn, char **file, unsigned *line);

/* The source position of a block: its first instruction that carries a location.
 * Some blocks carry none: clang's one dispatch block of a computed goto (a phi and an
 * indirectbr) is one. Such a block takes the place of the first branch to it that has
 * one (the first `goto *`), else its function's declaration; without debug
 * information, none. */
static void block_position(LLVMBasicBlockRef bb, char **file, unsigned *line) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (located(i, file, line)) return;
    LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
    if (LLVMGetSubprogram(fn)) {
        for (LLVMBasicBlockRef p = LLVMGetFirstBasicBlock(fn); p; p = LLVMGetNextBasicBlock(p)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
            unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
            for (unsigned s = 0; s < n; s++)
                if (LLVMGetSuccessor(term, s) == bb && located(term, file, line)) return;
        }
        subprogram_position(fn, file, line);
        if (*file) return;
    }
    *file = dup_len("", 0);
    *line = 0;
}

/* Where the function is declared: sample profiles count lines from there. */
static void subprogram_position(LLVMValueRef fn, char **file, unsigned *line) {
    LLVMMetadataRef sp = LLVMGetSubprogram(fn);
    *line = 0;
    *file = NULL;
    if (sp) {
        unsigned flen = 0, dlen = 0;
        LLVMMetadataRef f = LLVMDIScopeGetFile(sp);
        const char *name = f ? LLVMDIFileGetFilename(f, &flen) : NULL;
        const char *dir = f ? LLVMDIFileGetDirectory(f, &dlen) : NULL;
        *line = LLVMDISubprogramGetLine(sp);
        if (name && flen && name[0] != '/' && dir && dlen) {
            *file = malloc(dlen + flen + 2);
            if (*file) sprintf(*file, "%.*s/%.*s", (int)dlen, dir, (int)flen, name);
        } else {
            *file = dup_len(name, flen);
        }
    }
    if (!*file) *file = dup_len("", 0);
}

static LLVMValueRef array_global(LLVMModuleRef m, LLVMTypeRef elem, unsigned n, const char *name) {
    LLVMTypeRef ty = LLVMArrayType2(elem, n);
    LLVMValueRef g = LLVMAddGlobal(m, ty, name);
    LLVMSetInitializer(g, LLVMConstNull(ty));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetAlignment(g, 64);
    return g;
}

static LLVMValueRef element(LLVMBuilderRef b, LLVMValueRef g, unsigned n, LLVMTypeRef elem,
                            LLVMValueRef index) {
    LLVMContextRef ctx = LLVMGetTypeContext(elem);
    LLVMValueRef idx[2] = {LLVMConstInt(LLVMInt64TypeInContext(ctx), 0, 0), index};
    return LLVMBuildInBoundsGEP2(b, LLVMArrayType2(elem, n), g, idx, 2, "");
}

static int push_edge(counter_table *t, unsigned v) {
    if (t->nedges == t->edges_cap) {
        size_t cap = t->edges_cap ? 2 * t->edges_cap : 256;
        unsigned *e = realloc(t->edges, cap * sizeof *e);
        if (!e) return -1;
        t->edges = e;
        t->edges_cap = cap;
    }
    t->edges[t->nedges++] = v;
    return 0;
}

/* The static CFG and the direct calls between instrumented functions, for the
 * pictures and the call-transition ranking: frequencies alone do not show them. */
static int record_edges(LLVMModuleRef m, counter_table *t, const ptr_map *block_ids,
                        const ptr_map *function_ids) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!instrumentable(fn)) continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            long long j = ptr_map_get(block_ids, bb);
            if (j < 0) continue;
            counted_block *cb = &t->blocks[j];
            cb->first_successor = (unsigned)t->nedges;
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
            for (unsigned k = 0; k < ns; k++) {
                long long s = ptr_map_get(block_ids, LLVMGetSuccessor(term, k));
                if (s >= 0 && push_edge(t, (unsigned)s) != 0) return -1;
            }
            cb->nsuccessors = (unsigned)t->nedges - cb->first_successor;
            cb->first_callee = (unsigned)t->nedges;
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
                long long g = ptr_map_get(function_ids, LLVMGetCalledValue(i));
                if (g >= 0 && push_edge(t, (unsigned)g) != 0) return -1;
            }
            cb->ncallees = (unsigned)t->nedges - cb->first_callee;
        }
    }
    return 0;
}

/* Appends F to the touched list once per trial, branch-free: the slot is always
 * written, the count only grows while the function's flag is clear. */
static void mark_touched(LLVMBuilderRef b, const counter_table *t, unsigned f) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(t->counters));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
    unsigned nf = t->nslots;
    LLVMValueRef flag = element(b, t->fn_touched, nf, i8, LLVMConstInt(i64, f, 0));
    LLVMValueRef seen = LLVMBuildLoad2(b, i8, flag, "");
    LLVMValueRef n = LLVMBuildLoad2(b, i32, t->touched_count, "");
    LLVMValueRef slot = element(b, t->touched_list, nf + 1, i32, LLVMBuildZExt(b, n, i64, ""));
    LLVMBuildStore(b, LLVMConstInt(i32, f, 0), slot);
    LLVMValueRef fresh = LLVMBuildICmp(b, LLVMIntEQ, seen, LLVMConstNull(i8), "");
    LLVMBuildStore(b, LLVMBuildAdd(b, n, LLVMBuildZExt(b, fresh, i32, ""), ""), t->touched_count);
    LLVMBuildStore(b, LLVMConstInt(i8, 1, 0), flag);
}

static void increment(LLVMBuilderRef b, const counter_table *t, unsigned j) {
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(t->counters));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
    LLVMValueRef slot = element(b, t->counters, t->ncounters, i64, LLVMConstInt(i64, j, 0));
    LLVMValueRef c = LLVMBuildLoad2(b, i64, slot, "");
    LLVMBuildStore(b, LLVMBuildAdd(b, c, LLVMConstInt(i64, 1, 0), ""), slot);
}

/* Sets the mark of counter J's group when J, of the function whose counters are
 * [FIRST, FIRST + N), lies in a marked group. Built before the increment, so that a
 * trial stopped between the two leaves a mark without a count, never the reverse. */
static void mark_group(LLVMBuilderRef b, const counter_table *t, unsigned first, unsigned n, unsigned j) {
    uint64_t g0, g1;
    fsabi_marked_groups(first, n, &g0, &g1);
    if (j < g0 * FSABI_MARK_GROUP || j >= g1 * FSABI_MARK_GROUP) return;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(t->counters));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
    LLVMValueRef slot = element(b, t->marks, t->nmarks, i8, LLVMConstInt(i64, j / FSABI_MARK_GROUP, 0));
    LLVMBuildStore(b, LLVMConstInt(i8, 1, 0), slot);
}

void counters_mark_write(LLVMBuilderRef b, const counter_table *t, unsigned k) {
    mark_touched(b, t, (unsigned)t->nfunctions - 1);
    mark_group(b, t, (unsigned)t->nblocks, t->nwrites, (unsigned)t->nblocks + k);
    increment(b, t, (unsigned)t->nblocks + k);
}

/* Whether block BB gets a counter: nothing may precede a catchswitch. */
static int countable(LLVMBasicBlockRef bb) {
    LLVMValueRef at = insertion_point(bb);
    return at && !LLVMIsACatchSwitchInst(at);
}

/* A counter for each block of FN (function F, named FNAME of LEN bytes): its
 * increment, and its entry in T. Returns 0, or -1 out of memory. */
static int count_blocks(LLVMBuilderRef b, counter_table *t, ptr_map *block_ids, LLVMValueRef fn, unsigned f,
                        const char *fname, size_t len) {
    unsigned local = 0, first = (unsigned)t->nblocks, n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        n += (unsigned)countable(bb); /* the function's span decides which groups are marked */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), local++) {
        if (!countable(bb)) continue;
        LLVMValueRef at = insertion_point(bb);
        unsigned j = (unsigned)t->nblocks;
        if (ptr_map_put(block_ids, bb, j) != 0) return -1;
        counted_block *cb = &t->blocks[t->nblocks++];
        cb->function = dup_len(fname, len);
        const char *label = LLVMGetBasicBlockName(bb);
        if (label && *label) {
            cb->label = dup_len(label, strlen(label));
        } else {
            char tmp[32];
            snprintf(tmp, sizeof tmp, "bb%u", local);
            cb->label = dup_len(tmp, strlen(tmp));
        }
        block_position(bb, &cb->file, &cb->line);
        cb->function_index = f;

        LLVMPositionBuilderBefore(b, at);
        if (bb == LLVMGetEntryBasicBlock(fn)) mark_touched(b, t, f);
        mark_group(b, t, first, n, j);
        increment(b, t, j);
    }
    return 0;
}

int counters_insert(LLVMModuleRef m, counter_table *t, unsigned nwrites, unsigned npaths,
                    unsigned ncontexts) {
    memset(t, 0, sizeof *t);
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);

    size_t nb = 0, nf = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!instrumentable(fn)) continue;
        nf++;
        nb += LLVMCountBasicBlocks(fn);
    }
    if (nwrites) nf++; /* the "(mmio writes)" function */
    t->blocks = calloc(nb ? nb : 1, sizeof *t->blocks);
    t->functions = calloc(nf ? nf : 1, sizeof *t->functions);
    if (!t->blocks || !t->functions) return -1;

    unsigned nblocks = (unsigned)nb, nfunctions = (unsigned)nf;
    t->nwrites = nwrites;
    t->npaths = npaths;
    t->ncontext_counters = ncontexts;
    unsigned all = nblocks + nwrites + npaths + ncontexts;
    t->ncounters = all ? all : 1;
    t->nslots = nfunctions ? nfunctions : 1;
    t->counters = array_global(m, i64, t->ncounters, "freqsys_counters");
    t->fn_touched = array_global(m, i8, t->nslots, "freqsys_fn_touched");
    t->touched_list = array_global(m, i32, t->nslots + 1, "freqsys_touched_list");
    t->nmarks = (nblocks + nwrites) / FSABI_MARK_GROUP + 1;
    t->marks = array_global(m, i8, t->nmarks, "freqsys_marks");
    t->touched_count = LLVMAddGlobal(m, i32, "freqsys_touched_count");
    LLVMSetInitializer(t->touched_count, LLVMConstNull(i32));
    LLVMSetLinkage(t->touched_count, LLVMInternalLinkage);

    ptr_map block_ids = {0}, function_ids = {0};
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!instrumentable(fn)) continue;
        unsigned f = (unsigned)t->nfunctions;
        if (ptr_map_put(&function_ids, fn, f) != 0) return -1;
        size_t len;
        const char *fname = LLVMGetValueName2(fn, &len);
        counted_function *cf = &t->functions[t->nfunctions++];
        cf->name = dup_len(fname, len);
        cf->first_block = (unsigned)t->nblocks;
        subprogram_position(fn, &cf->file, &cf->line);

        if (count_blocks(b, t, &block_ids, fn, f, fname, len) != 0) return -1;
        cf->nblocks = (unsigned)t->nblocks - cf->first_block;
    }
    LLVMDisposeBuilder(b);
    if (nwrites) {
        counted_function *cf = &t->functions[t->nfunctions++];
        cf->name = dup_len("(mmio writes)", 13);
        cf->file = dup_len("", 0);
        cf->first_block = (unsigned)t->nblocks;
        cf->nblocks = nwrites;
    }
    int rc = record_edges(m, t, &block_ids, &function_ids);
    ptr_map_free(&block_ids);
    ptr_map_free(&function_ids);
    return rc;
}

void counters_free(counter_table *t) {
    for (size_t i = 0; i < t->nblocks; i++) {
        free(t->blocks[i].function);
        free(t->blocks[i].label);
        free(t->blocks[i].file);
    }
    for (size_t i = 0; i < t->nfunctions; i++) {
        free(t->functions[i].name);
        free(t->functions[i].file);
    }
    free(t->blocks);
    free(t->functions);
    free(t->edges);
    memset(t, 0, sizeof *t);
}
