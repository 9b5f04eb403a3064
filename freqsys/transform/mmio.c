/* freqsys/transform/mmio.c: turns volatile accesses to constant addresses into draws and counted writes. */
/* SPDX-License-Identifier: MIT */
#include "mmio.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/Target.h>
#include "freqsys/abi.h"
#include "inputs.h"
#include "transform.h"

/* The integer address P designates, when it is a constant: inttoptr of a constant,
 * possibly offset by GEPs with constant indices (struct fields, array elements). */
static int const_address(LLVMModuleRef m, LLVMValueRef p, uint64_t *addr) {
    if (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMIntToPtr) {
        LLVMValueRef v = LLVMGetOperand(p, 0);
        if (!LLVMIsAConstantInt(v)) return 0;
        *addr = LLVMConstIntGetZExtValue(v);
        return 1;
    }
    int gep =
        LLVMIsAGetElementPtrInst(p) || (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (!gep) return 0;
    uint64_t base;
    if (!const_address(m, LLVMGetOperand(p, 0), &base)) return 0;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
    int n = LLVMGetNumOperands(p);
    int64_t offset = 0;
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(p, i);
        if (!LLVMIsAConstantInt(idx)) return 0;
        int64_t k = LLVMConstIntGetSExtValue(idx);
        if (i == 1) {
            offset += k * (int64_t)LLVMABISizeOfType(td, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            offset += (int64_t)LLVMOffsetOfElement(td, ty, (unsigned)k);
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
        } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind || LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
            ty = LLVMGetElementType(ty);
            offset += k * (int64_t)LLVMABISizeOfType(td, ty);
        } else {
            return 0;
        }
    }
    *addr = base + (uint64_t)offset;
    return 1;
}

static int volatile_access(LLVMValueRef i, int want_store) {
    if (want_store ? !LLVMIsAStoreInst(i) : !LLVMIsALoadInst(i)) return 0;
    return LLVMGetVolatile(i);
}

int mmio_scan_writes(LLVMModuleRef m, const ptr_map *reachable, mmio_writes *w) {
    memset(w, 0, sizeof *w);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (ptr_map_get(reachable, fn) >= 0)
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
                for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                    uint64_t a;
                    if (!volatile_access(i, 1) || !const_address(m, LLVMGetOperand(i, 1), &a)) continue;
                    size_t k = 0;
                    while (k < w->n && w->addresses[k] != a) k++;
                    if (k < w->n) continue;
                    if (w->n == w->cap) {
                        w->cap = w->cap ? 2 * w->cap : 16;
                        uint64_t *v = realloc(w->addresses, w->cap * sizeof *v);
                        if (!v) return -1;
                        w->addresses = v;
                    }
                    w->addresses[w->n++] = a;
                }
    return 0;
}

static long long declaration_for(const spec *s, uint64_t addr) {
    for (size_t d = 0; d < s->ninputs; d++)
        if (s->inputs[d].target == SPEC_MMIO && addr >= s->inputs[d].addr_lo && addr <= s->inputs[d].addr_hi)
            return (long long)d;
    return -1;
}

/* Registers hold raw bits: a load is drawn as an unsigned value of its width. */
static unsigned register_kind(LLVMTypeRef t) {
    if (LLVMGetTypeKind(t) == LLVMFloatTypeKind) return FSABI_KIND_F32;
    if (LLVMGetTypeKind(t) == LLVMDoubleTypeKind) return FSABI_KIND_F64;
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return 0;
    switch (LLVMGetIntTypeWidth(t)) {
    case 8:
        return FSABI_KIND_U8;
    case 16:
        return FSABI_KIND_U16;
    case 32:
        return FSABI_KIND_U32;
    case 64:
        return FSABI_KIND_U64;
    default:
        return 0;
    }
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int mmio_rewrite(LLVMModuleRef m, const spec *s, const ptr_map *reachable, const counter_table *t,
                 const mmio_writes *w, read_sites *sites, char *err, size_t errlen) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    char missing[1024] = "";
    size_t nmissing = 0, used = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (ptr_map_get(reachable, fn) < 0) continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef i = LLVMGetFirstInstruction(bb);
            while (i) {
                LLVMValueRef next = LLVMGetNextInstruction(i);
                uint64_t a;
                if (volatile_access(i, 1) && const_address(m, LLVMGetOperand(i, 1), &a)) {
                    size_t k = 0;
                    while (k < w->n && w->addresses[k] != a) k++;
                    LLVMPositionBuilderBefore(b, i);
                    counters_mark_write(b, t, (unsigned)k);
                    LLVMInstructionEraseFromParent(i);
                } else if (volatile_access(i, 0) && const_address(m, LLVMGetOperand(i, 0), &a)) {
                    long long d = declaration_for(s, a);
                    unsigned kind = register_kind(LLVMTypeOf(i));
                    if (d < 0 || !kind) {
                        unsigned flen = 0;
                        const char *f = LLVMGetDebugLocFilename(i, &flen);
                        char file[256];
                        snprintf(file, sizeof file, "%.*s", (int)flen, f ? f : "");
                        if (used < sizeof missing)
                            used += (size_t)snprintf(missing + used, sizeof missing - used,
                                                     "%s0x%08" PRIx64 " (%s:%u)", nmissing ? ", " : "", a,
                                                     base_name(file), LLVMGetDebugLocLine(i));
                        nmissing++;
                    } else {
                        char name[32];
                        snprintf(name, sizeof name, "0x%08" PRIx64, a);
                        int site = reads_add_site(sites, name, i, kind, FSABI_FROM_MMIO, (unsigned)d);
                        if (site < 0) {
                            LLVMDisposeBuilder(b);
                            return -1;
                        }
                        LLVMPositionBuilderBefore(b, i);
                        LLVMValueRef v = inputs_draw(m, b, (unsigned)site, LLVMTypeOf(i));
                        LLVMReplaceAllUsesWith(i, v);
                        LLVMInstructionEraseFromParent(i);
                    }
                }
                i = next;
            }
        }
    }
    LLVMDisposeBuilder(b);
    if (nmissing) {
        snprintf(err, errlen,
                 "%s: error: the program reads %zu memory-mapped register%s that no "
                 "'mmio' line declares: %s",
                 s->path, nmissing, nmissing == 1 ? "" : "s", missing);
        return TRANSFORM_ESPEC;
    }
    return 0;
}

void mmio_writes_free(mmio_writes *w) {
    free(w->addresses);
    memset(w, 0, sizeof *w);
}
