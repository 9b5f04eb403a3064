/* freqsys/transform/shared_object.c: links an instrumented module and its runtime library into a loadable
 * shared object. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/BitWriter.h>
#include "freqsys/abi.h"

#ifndef FREQSYS_CLANG
#define FREQSYS_CLANG "clang-19"
#endif
/* The libraries the runtime library calls, as linker options (from CMake). */
#ifndef FREQSYS_RUNTIME_LINK
#define FREQSYS_RUNTIME_LINK "-lgsl -lgslcblas -lffi -lm"
#endif

/* The version script: the descriptor and the runtime's table are all the module
 * shows; everything else, the program's functions and the runtime's entry points
 * among them, is bound inside it. */
static int write_version_script(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fprintf(f, "{\n  global: %s; %s;\n  local: *;\n};\n", FSABI_MODULE_SYMBOL, FSABI_RUNTIME_SYMBOL);
    return fclose(f);
}

/* The clang command line; the words of FREQSYS_RUNTIME_LINK go into LINK (a
 * writable copy), split at spaces. */
static void link_command(char **argv, size_t max, char *link, const char *so, const char *bc,
                         const char *map_option, const char *runtime_lib) {
    /* -Bsymbolic: the program's own calls bind to its own definitions, never to a
     * same-named symbol of the freqsys executable that loads it. -z now: no lazy
     * binding state in writable memory. The module is optimised already, so only
     * code generation runs (-disable-llvm-passes: clang would otherwise run its O1
     * pipeline again, 3x the time of code generation on a 50,000-block module).
     * --undefined: the runtime is linked in even when the program calls none of it
     * (function mode draws the arguments itself). */
    static char undefined[] = "-Wl,--undefined=" FSABI_RUNTIME_SYMBOL;
    char *fixed[] = {FREQSYS_CLANG,
                     "-shared",
                     "-fPIC",
                     "-O1",
                     "-Xclang",
                     "-disable-llvm-passes",
                     "-Wno-override-module",
                     "-Wl,-Bsymbolic",
                     "-Wl,-z,now",
                     (char *)map_option,
                     undefined,
                     "-o",
                     (char *)so,
                     (char *)bc,
                     (char *)runtime_lib};
    size_t n = 0;
    for (; n < sizeof fixed / sizeof fixed[0]; n++) argv[n] = fixed[n];
    for (char *word = strtok(link, " "); word && n + 1 < max; word = strtok(NULL, " ")) argv[n++] = word;
    argv[n] = NULL;
}

int shared_object_build(LLVMModuleRef m, const char *dir, const char *runtime_lib, char **so_path, char *err,
                        size_t errlen) {
    size_t n = strlen(dir) + 64;
    char *bc = malloc(n), *so = malloc(n), *map = malloc(n), *map_option = malloc(n + 32);
    char link[] = FREQSYS_RUNTIME_LINK;
    int rc = -1;
    if (!bc || !so || !map || !map_option) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    snprintf(bc, n, "%s/module.bc", dir);
    snprintf(so, n, "%s/module.so", dir);
    snprintf(map, n, "%s/module.map", dir);
    snprintf(map_option, n + 32, "-Wl,--version-script=%s", map);
    rc = TRANSFORM_EBUILD;
    if (LLVMWriteBitcodeToFile(m, bc) != 0) {
        snprintf(err, errlen, "cannot write %s", bc);
        goto done;
    }
    if (write_version_script(map) != 0) {
        snprintf(err, errlen, "cannot write %s", map);
        goto done;
    }
    char *argv[32], msg[8192];
    link_command(argv, sizeof argv / sizeof argv[0], link, so, bc, map_option, runtime_lib);
    if (compile_run_tool(argv, msg, sizeof msg) != 0) {
        snprintf(err, errlen, "cannot link the instrumented program: %s", msg);
        goto done;
    }
    *so_path = so;
    so = NULL;
    rc = 0;
done:
    free(bc);
    free(so);
    free(map);
    free(map_option);
    return rc;
}
