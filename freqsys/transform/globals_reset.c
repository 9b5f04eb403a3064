/* freqsys/transform/globals_reset.c: builds the function that restores the program's globals between trials.
 */
/* SPDX-License-Identifier: MIT */
#include "globals_reset.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <string.h>

static int resettable(LLVMValueRef g) {
    if (LLVMIsDeclaration(g) || LLVMIsGlobalConstant(g) || LLVMIsThreadLocal(g)) return 0;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (strncmp(name, "freqsys_", 8) == 0 || strncmp(name, "llvm.", 5) == 0) return 0;
    return LLVMGetInitializer(g) != NULL;
}

LLVMValueRef globals_reset_build(LLVMModuleRef m) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef vd = LLVMVoidTypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    LLVMValueRef fn = LLVMAddFunction(m, "freqsys_reset_globals", LLVMFunctionType(vd, NULL, 0, 0));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));

    /* Collect first: the loop below adds globals (the initial-value copies). */
    LLVMValueRef last = LLVMGetLastGlobal(m);
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        if (resettable(g)) {
            LLVMTypeRef ty = LLVMGlobalGetValueType(g);
            LLVMValueRef init = LLVMGetInitializer(g);
            unsigned long long size = LLVMABISizeOfType(td, ty);
            unsigned align = LLVMGetAlignment(g);
            if (!align) align = LLVMABIAlignmentOfType(td, ty);
            if (size == 0) {
                /* nothing to restore */
            } else if (LLVMIsNull(init)) {
                LLVMBuildMemSet(b, g, LLVMConstInt(LLVMInt8TypeInContext(ctx), 0, 0),
                                LLVMConstInt(i64, size, 0), align);
            } else {
                size_t len;
                char name[512];
                snprintf(name, sizeof name, "freqsys_init.%s", LLVMGetValueName2(g, &len));
                LLVMValueRef copy = LLVMAddGlobal(m, ty, name);
                LLVMSetInitializer(copy, init);
                LLVMSetGlobalConstant(copy, 1);
                LLVMSetLinkage(copy, LLVMPrivateLinkage);
                LLVMSetAlignment(copy, align);
                LLVMBuildMemCpy(b, g, align, copy, align, LLVMConstInt(i64, size, 0));
            }
        }
        if (g == last) break;
    }
    LLVMDisposeBuilder(b);
    return fn;
}
