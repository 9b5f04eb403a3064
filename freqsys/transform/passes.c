/* freqsys/transform/passes.c: runs an LLVM pass pipeline given as text, its error as a message. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <llvm-c/Transforms/PassBuilder.h>

int transform_run_passes(LLVMModuleRef m, const char *passes, LLVMTargetMachineRef tm, const char *what,
                         char *err, size_t errlen) {
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, passes, tm, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (!e) return 0;
    char *text = LLVMGetErrorMessage(e);
    snprintf(err, errlen, "%s failed: %s", what, text);
    LLVMDisposeErrorMessage(text);
    return TRANSFORM_EBUILD;
}
