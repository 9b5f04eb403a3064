/* freqsys/transform/counters.c: adds a counter to every basic block and records the block table. */
/* SPDX-License-Identifier: MIT */
#include "counters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (d) { memcpy(d, s ? s : "", n); d[n] = '\0'; }
    return d;
}

/* The source position of a block: its first instruction that carries a location. */
static void block_position(LLVMBasicBlockRef bb, char **file, unsigned *line) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        unsigned l = LLVMGetDebugLocLine(i);
        if (l == 0) continue;
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
        return;
    }
    *file = dup_len("", 0);
    *line = 0;
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

int counters_insert(LLVMModuleRef m, counter_table *t) {
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
    t->blocks = calloc(nb ? nb : 1, sizeof *t->blocks);
    t->functions = calloc(nf ? nf : 1, sizeof *t->functions);
    if (!t->blocks || !t->functions) return -1;

    unsigned nblocks = (unsigned)nb, nfunctions = (unsigned)nf;
    t->counters = array_global(m, i64, nblocks ? nblocks : 1, "freqsys_counters");
    t->fn_touched = array_global(m, i8, nfunctions ? nfunctions : 1, "freqsys_fn_touched");
    t->touched_list = array_global(m, i32, nfunctions + 1, "freqsys_touched_list");
    t->touched_count = LLVMAddGlobal(m, i32, "freqsys_touched_count");
    LLVMSetInitializer(t->touched_count, LLVMConstNull(i32));
    LLVMSetLinkage(t->touched_count, LLVMInternalLinkage);

    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (!instrumentable(fn)) continue;
        unsigned f = (unsigned)t->nfunctions;
        size_t len;
        const char *fname = LLVMGetValueName2(fn, &len);
        counted_function *cf = &t->functions[t->nfunctions++];
        cf->name = dup_len(fname, len);
        cf->first_block = (unsigned)t->nblocks;

        unsigned local = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
             bb = LLVMGetNextBasicBlock(bb), local++) {
            LLVMValueRef at = insertion_point(bb);
            if (!at || LLVMIsACatchSwitchInst(at)) continue;   /* nothing may precede it */
            unsigned j = (unsigned)t->nblocks;
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
            if (bb == LLVMGetEntryBasicBlock(fn)) {
                /* Branch-free "append f to the touched list once per trial": the slot
                 * is always written, the count only grows while the flag is clear. */
                LLVMValueRef fidx = LLVMConstInt(i64, f, 0);
                LLVMValueRef flag = element(b, t->fn_touched, nfunctions, i8, fidx);
                LLVMValueRef seen = LLVMBuildLoad2(b, i8, flag, "");
                LLVMValueRef n = LLVMBuildLoad2(b, i32, t->touched_count, "");
                LLVMValueRef slot = element(b, t->touched_list, nfunctions + 1, i32,
                                            LLVMBuildZExt(b, n, i64, ""));
                LLVMBuildStore(b, LLVMConstInt(i32, f, 0), slot);
                LLVMValueRef fresh = LLVMBuildICmp(b, LLVMIntEQ, seen, LLVMConstNull(i8), "");
                LLVMBuildStore(b, LLVMBuildAdd(b, n, LLVMBuildZExt(b, fresh, i32, ""), ""),
                               t->touched_count);
                LLVMBuildStore(b, LLVMConstInt(i8, 1, 0), flag);
            }
            LLVMValueRef slot = element(b, t->counters, nblocks, i64, LLVMConstInt(i64, j, 0));
            LLVMValueRef c = LLVMBuildLoad2(b, i64, slot, "");
            LLVMBuildStore(b, LLVMBuildAdd(b, c, LLVMConstInt(i64, 1, 0), ""), slot);
        }
        cf->nblocks = (unsigned)t->nblocks - cf->first_block;
    }
    LLVMDisposeBuilder(b);
    return 0;
}

void counters_free(counter_table *t) {
    for (size_t i = 0; i < t->nblocks; i++) {
        free(t->blocks[i].function);
        free(t->blocks[i].label);
        free(t->blocks[i].file);
    }
    for (size_t i = 0; i < t->nfunctions; i++) free(t->functions[i].name);
    free(t->blocks);
    free(t->functions);
    memset(t, 0, sizeof *t);
}
