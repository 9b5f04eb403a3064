/* freqsys/transform/closed_entry.c: proves that a run of the entry calls nothing outside the module's own
 * code. */
/* SPDX-License-Identifier: MIT */
#include "closed_entry.h"

#include <stdlib.h>
#include <string.h>
#include "ptr_map.h"

/* Whether a call of CALLEE (the called operand) keeps the run inside the module:
 * 1 for a defined function (to be walked in turn) and a harmless intrinsic. */
static int callee_closed(LLVMValueRef callee) {
    if (!LLVMIsAFunction(callee)) return 0; /* through a pointer, or inline assembly */
    if (LLVMCountBasicBlocks(callee) > 0) return 1;
    if (LLVMGetIntrinsicID(callee) == 0) return 0; /* a declaration: libc, the runtime, ... */
    size_t len = 0;
    const char *name = LLVMGetValueName2(callee, &len);
    /* llvm.eh.sjlj.* and the like transfer control as longjmp does */
    return strncmp(name, "llvm.eh.", 8) != 0;
}

int closed_entry(LLVMValueRef entry) {
    ptr_map seen = {0};
    LLVMValueRef *stack = NULL;
    size_t n = 0, cap = 0;
    int closed = 1;
    if (ptr_map_put(&seen, entry, 1) != 0) closed = 0;
    if (closed && !(stack = malloc(64 * sizeof *stack))) closed = 0;
    if (closed) {
        stack[n++] = entry;
        cap = 64;
    }
    while (closed && n > 0) {
        LLVMValueRef f = stack[--n];
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && closed; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && closed; i = LLVMGetNextInstruction(i)) {
                if (LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i)) {
                    closed = 0; /* unwinding or asm goto: control leaves by another way */
                    break;
                }
                if (!LLVMIsACallInst(i)) continue;
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (!callee_closed(callee)) {
                    closed = 0;
                    break;
                }
                if (LLVMCountBasicBlocks(callee) == 0 || ptr_map_get(&seen, callee) >= 0) continue;
                if (ptr_map_put(&seen, callee, 1) != 0) {
                    closed = 0;
                    break;
                }
                if (n == cap) {
                    LLVMValueRef *s = realloc(stack, 2 * cap * sizeof *s);
                    if (!s) {
                        closed = 0;
                        break;
                    }
                    stack = s;
                    cap *= 2;
                }
                stack[n++] = callee;
            }
    }
    free(stack);
    ptr_map_free(&seen);
    return closed;
}
