/* freqsys/transform/exits.c: redirects the program's process-ending calls to the runtime. */
/* SPDX-License-Identifier: MIT */
#include "exits.h"

#include <stddef.h>
#include "freqsys/abi.h"

/* Replacing the declaration's uses (not only its direct calls) also covers the
 * address of exit passed around, e.g. to a table of handlers. */
static void redirect(LLVMModuleRef m, const char *from, const char *to) {
    LLVMValueRef f = LLVMGetNamedFunction(m, from);
    if (!f || LLVMCountBasicBlocks(f) > 0) return; /* absent, or the program defines it */
    LLVMValueRef t = LLVMGetNamedFunction(m, to);
    if (!t) t = LLVMAddFunction(m, to, LLVMGlobalGetValueType(f));
    LLVMReplaceAllUsesWith(f, t);
}

void exits_redirect(LLVMModuleRef m) {
    /* exit() runs what atexit registered and the destructors; the others end at once */
    static const char *const now[] = {"_exit", "_Exit", "quick_exit"};
    redirect(m, "exit", FSABI_EXIT);
    for (size_t i = 0; i < sizeof now / sizeof now[0]; i++) redirect(m, now[i], FSABI_EXIT_NOW);
    redirect(m, "atexit", FSABI_ATEXIT);
    redirect(m, "abort", FSABI_ABORT);
    redirect(m, "__assert_fail", FSABI_ASSERT_FAIL);
}
