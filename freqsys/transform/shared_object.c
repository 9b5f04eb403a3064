/* freqsys/transform/shared_object.c: links an instrumented module into a loadable shared object. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/BitWriter.h>

#ifndef FREQSYS_CLANG
#define FREQSYS_CLANG "clang-19"
#endif

int shared_object_build(LLVMModuleRef m, const char *dir, char **so_path,
                        char *err, size_t errlen) {
    size_t n = strlen(dir) + 32;
    char *bc = malloc(n), *so = malloc(n);
    if (!bc || !so) {
        free(bc); free(so);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(bc, n, "%s/module.bc", dir);
    snprintf(so, n, "%s/module.so", dir);
    if (LLVMWriteBitcodeToFile(m, bc) != 0) {
        snprintf(err, errlen, "cannot write %s", bc);
        free(bc); free(so);
        return TRANSFORM_EBUILD;
    }
    /* -Bsymbolic: the program's own calls bind to its own definitions, never to a
     * same-named symbol of the freqsys executable that loads it. -z now: no lazy
     * binding state in writable memory. The module is optimised already, so only
     * code generation runs (-disable-llvm-passes: clang would otherwise run its O1
     * pipeline again, 3x the time of code generation on a 50,000-block module). */
    char *argv[] = {FREQSYS_CLANG, "-shared", "-fPIC", "-O1", "-Xclang", "-disable-llvm-passes",
                    "-Wno-override-module",
                    "-Wl,-Bsymbolic", "-Wl,-z,now", "-o", so, bc, "-lm", NULL};
    char msg[8192];
    int code = compile_run_tool(argv, msg, sizeof msg);
    free(bc);
    if (code != 0) {
        snprintf(err, errlen, "cannot link the instrumented program: %s", msg);
        free(so);
        return TRANSFORM_EBUILD;
    }
    *so_path = so;
    return 0;
}
