/* freqsys/transform/entry_thunk.c: the function of one fixed C type through which the runtime calls the
 * entry. */
/* SPDX-License-Identifier: MIT */
#include "entry_thunk.h"

#include <stdlib.h>

/* C calls a function through a pointer only with the function's exact type, which
 * the runtime cannot know: an entry of any signature, or a main with or without
 * argc and argv. Here, in IR, the type is known, so the module carries this small
 * function of one type, and the runtime calls that. */

/* Copies the attributes of ENTRY at INDEX (the result, or parameter INDEX) to CALL;
 * signext and zeroext there are part of the calling convention. */
static int copy_attributes(LLVMValueRef entry, LLVMValueRef call, LLVMAttributeIndex index) {
    unsigned n = LLVMGetAttributeCountAtIndex(entry, index);
    if (n == 0) return 0;
    LLVMAttributeRef *attrs = malloc(n * sizeof *attrs);
    if (!attrs) return -1;
    LLVMGetAttributesAtIndex(entry, index, attrs);
    for (unsigned k = 0; k < n; k++) LLVMAddCallSiteAttribute(call, index, attrs[k]);
    free(attrs);
    return 0;
}

LLVMValueRef entry_thunk_build(LLVMModuleRef m, LLVMValueRef entry) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i64 = LLVMInt64TypeInContext(ctx);
    LLVMTypeRef thunk_ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
    LLVMValueRef thunk = LLVMAddFunction(m, "freqsys_call_entry", thunk_ty);
    LLVMSetLinkage(thunk, LLVMInternalLinkage);
    LLVMTypeRef entry_ty = LLVMGlobalGetValueType(entry);
    unsigned n = LLVMCountParamTypes(entry_ty);
    LLVMTypeRef *types = malloc((n + 1) * sizeof *types);
    LLVMValueRef *args = malloc((n + 1) * sizeof *args);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    int rc = types && args && b ? 0 : -1;
    if (rc == 0) {
        LLVMGetParamTypes(entry_ty, types);
        LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, thunk, "entry"));
        LLVMValueRef argv = LLVMGetParam(thunk, 0);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef index = LLVMConstInt(i64, i, 0);
            LLVMValueRef slot = LLVMBuildGEP2(b, ptr, argv, &index, 1, "slot");
            args[i] = LLVMBuildLoad2(b, types[i], LLVMBuildLoad2(b, ptr, slot, "at"), "arg");
        }
        LLVMValueRef call = LLVMBuildCall2(b, entry_ty, entry, args, n, "");
        LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(entry));
        for (unsigned i = 0; rc == 0 && i <= n; i++)
            rc = copy_attributes(entry, call, i == n ? LLVMAttributeReturnIndex : i + 1);
        LLVMBuildRetVoid(b);
    }
    if (b) LLVMDisposeBuilder(b);
    free(types);
    free(args);
    return rc == 0 ? thunk : NULL;
}
