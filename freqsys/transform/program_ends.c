/* freqsys/transform/program_ends.c: the program's constructors and destructors run in every trial. */
/* SPDX-License-Identifier: MIT */
#include "program_ends.h"

#include <stdlib.h>
#include "freqsys/abi.h"

typedef struct listed_fn {
    unsigned long long priority;
    size_t order; /* its place in the array: the tie-break, as the C library keeps it */
    LLVMValueRef fn;
} listed_fn;

static int by_priority(const void *a, const void *b) {
    const listed_fn *x = a, *y = b;
    if (x->priority != y->priority) return x->priority < y->priority ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* Appends to *LIST the functions of M's array NAME ({ i32 priority, ptr fn, ptr
 * data } each), and deletes the array. Returns 0, or -1 when memory ran out. */
static int take(LLVMModuleRef m, const char *name, listed_fn **list, size_t *n) {
    LLVMValueRef g = LLVMGetNamedGlobal(m, name);
    if (!g) return 0;
    LLVMValueRef init = LLVMGetInitializer(g);
    unsigned count = init && LLVMIsAConstantArray(init) ? (unsigned)LLVMGetNumOperands(init) : 0;
    listed_fn *more = realloc(*list, (*n + count + 1) * sizeof *more);
    if (!more) return -1;
    *list = more;
    for (unsigned k = 0; k < count; k++) {
        LLVMValueRef entry = LLVMGetOperand(init, k);
        LLVMValueRef fn = LLVMGetNumOperands(entry) >= 2 ? LLVMGetOperand(entry, 1) : NULL;
        if (!fn || !LLVMIsAFunction(fn)) continue; /* a null slot: nothing to run */
        size_t at = (*n)++;
        more[at] = (listed_fn){LLVMConstIntGetZExtValue(LLVMGetOperand(entry, 0)), at, fn};
    }
    LLVMDeleteGlobal(g);
    return 0;
}

/* Calls FN with zeros for whatever parameters it takes. */
static void call_with_zeros(LLVMBuilderRef b, LLVMValueRef fn) {
    LLVMTypeRef ty = LLVMGlobalGetValueType(fn);
    unsigned n = LLVMCountParamTypes(ty);
    LLVMTypeRef types[8];
    LLVMValueRef args[8];
    if (n > 8 || LLVMIsFunctionVarArg(ty)) n = 0; /* no C constructor takes more */
    LLVMGetParamTypes(ty, types);
    for (unsigned i = 0; i < n; i++) args[i] = LLVMConstNull(types[i]);
    LLVMBuildCall2(b, ty, fn, args, n, "");
}

int program_ends_build(LLVMModuleRef m, LLVMValueRef *start) {
    *start = NULL;
    listed_fn *ctors = NULL, *dtors = NULL;
    size_t nctors = 0, ndtors = 0;
    int rc = take(m, "llvm.global_ctors", &ctors, &nctors);
    if (rc == 0) rc = take(m, "llvm.global_dtors", &dtors, &ndtors);
    if (rc == 0 && nctors + ndtors > 0) {
        if (nctors > 0) qsort(ctors, nctors, sizeof *ctors, by_priority);
        /* destructors run in the reverse of the constructors' order: by priority
         * falling, the last listed first; registered in rising order, atexit's last
         * in, first out reverses them */
        if (ndtors > 0) qsort(dtors, ndtors, sizeof *dtors, by_priority);
        LLVMContextRef ctx = LLVMGetModuleContext(m);
        LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i32 = LLVMInt32TypeInContext(ctx);
        LLVMTypeRef void_fn = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
        LLVMTypeRef atexit_ty = LLVMFunctionType(i32, &ptr, 1, 0);
        *start = LLVMAddFunction(m, PROGRAM_ENDS_START, void_fn);
        LLVMSetLinkage(*start, LLVMInternalLinkage);
        LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, *start, "entry"));
        LLVMValueRef atexit_fn = LLVMGetNamedFunction(m, FSABI_ATEXIT);
        if (ndtors > 0 && !atexit_fn) atexit_fn = LLVMAddFunction(m, FSABI_ATEXIT, atexit_ty);
        for (size_t k = 0; k < ndtors; k++) LLVMBuildCall2(b, atexit_ty, atexit_fn, &dtors[k].fn, 1, "");
        for (size_t k = 0; k < nctors; k++) call_with_zeros(b, ctors[k].fn);
        LLVMBuildRetVoid(b);
        LLVMDisposeBuilder(b);
    }
    free(ctors);
    free(dtors);
    return rc;
}
