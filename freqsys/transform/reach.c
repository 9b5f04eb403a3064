/* freqsys/transform/reach.c: the call-graph closure of the entry, by a worklist over direct calls. */
/* SPDX-License-Identifier: MIT */
#include "reach.h"

#include <stdlib.h>

/* True when F is used other than as the callee of a call: its address escapes. */
static int address_taken(LLVMValueRef f) {
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if ((LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) && LLVMGetCalledValue(user) == f) continue;
        return 1;
    }
    return 0;
}

static int add(ptr_map *set, LLVMValueRef f, LLVMValueRef **stack, size_t *n, size_t *cap) {
    if (LLVMCountBasicBlocks(f) == 0 || ptr_map_get(set, f) >= 0) return 0;
    if (ptr_map_put(set, f, 1) != 0) return -1;
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        LLVMValueRef *s = realloc(*stack, *cap * sizeof *s);
        if (!s) return -1;
        *stack = s;
    }
    (*stack)[(*n)++] = f;
    return 0;
}

int reach_from(LLVMModuleRef m, LLVMValueRef entry, ptr_map *set) {
    LLVMValueRef *stack = NULL;
    size_t n = 0, cap = 0;
    int rc = add(set, entry, &stack, &n, &cap);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !rc; f = LLVMGetNextFunction(f))
        if (address_taken(f)) rc = add(set, f, &stack, &n, &cap);
    while (n > 0 && !rc) {
        LLVMValueRef f = stack[--n];
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !rc; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !rc; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (LLVMIsAFunction(callee)) rc = add(set, callee, &stack, &n, &cap);
            }
    }
    free(stack);
    return rc;
}

int reach_contains(const ptr_map *set, LLVMValueRef i) {
    return ptr_map_get(set, LLVMGetBasicBlockParent(LLVMGetInstructionParent(i))) >= 0;
}
