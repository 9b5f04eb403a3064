/* freqsys/transform/function_names.c: the program's function nearest a name the spec gives, for "did you
 * mean". */
/* SPDX-License-Identifier: MIT */
#include "function_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "suggest.h"

const char *function_names_hint(LLVMModuleRef m, const char *name, char *hint, size_t hintlen) {
    if (hintlen) hint[0] = '\0';
    size_t n = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) n++;
    const char **names = calloc(n + 1, sizeof *names);
    if (!names || !name) {
        free(names);
        return hint;
    }
    size_t k = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *s = LLVMGetValueName2(fn, &len);
        if (LLVMCountBasicBlocks(fn) > 0 && strncmp(s, "freqsys_", 8) != 0 && strncmp(s, "llvm.", 5) != 0)
            names[k++] = s;
    }
    const char *near = suggest_closest_typed(name, names);
    if (near && strcmp(near, name) != 0) snprintf(hint, hintlen, "; did you mean '%s'?", near);
    free(names);
    return hint;
}
