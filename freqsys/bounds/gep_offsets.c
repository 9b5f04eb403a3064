/* freqsys/bounds/gep_offsets.c: the byte offset a GEP of constant indices adds to its pointer. */
/* SPDX-License-Identifier: MIT */
#include "gep_offsets.h"

#define INDEX_LIMIT  (1LL << 32)
#define OFFSET_LIMIT ((__int128)1 << 62)

int gep_offsets_constant(LLVMTargetDataRef td, LLVMValueRef gep, long long *added) {
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    __int128 off = 0;
    for (int k = 1; k < LLVMGetNumOperands(gep); k++) {
        LLVMValueRef index = LLVMGetOperand(gep, (unsigned)k);
        if (!LLVMIsAConstantInt(index) || LLVMGetIntTypeWidth(LLVMTypeOf(index)) > 64 || !LLVMTypeIsSized(t))
            return 0;
        long long c = LLVMConstIntGetSExtValue(index);
        if (c <= -INDEX_LIMIT || c >= INDEX_LIMIT) return 0;
        if (k == 1) {
            off += (__int128)c * (__int128)LLVMABISizeOfType(td, t); /* whole objects of the source type */
        } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (c < 0 || (unsigned long long)c >= LLVMCountStructElementTypes(t)) return 0;
            off += (__int128)LLVMOffsetOfElement(td, t, (unsigned)c);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            t = LLVMGetElementType(t);
            off += (__int128)c * (__int128)LLVMABISizeOfType(td, t);
        } else {
            return 0;
        }
        if (off <= -OFFSET_LIMIT || off >= OFFSET_LIMIT) return 0;
    }
    *added = (long long)off;
    return 1;
}
