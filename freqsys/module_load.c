/* freqsys/module_load.c: the instrumented module built as a shared object, loaded, and bound to the runtime. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "module_load.h"

#include <dlfcn.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runtime.h"
#include "transform.h"

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

const fsabi_module *module_load(LLVMModuleRef m, const spec *s, int keep, char *err, size_t errlen) {
    char dir[4096], *so_path = NULL;
    if (compile_temp_path(dir, sizeof dir, "freqsys-run-XXXXXX") != 0 || !mkdtemp(dir)) {
        snprintf(err, errlen, "cannot create a build folder: %s", strerror(errno));
        return NULL;
    }
    const fsabi_module *mod = NULL;
    if (shared_object_build(m, dir, &so_path, err, errlen) == 0) {
        void *handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) snprintf(err, errlen, "cannot load the instrumented program: %s", dlerror());
        else if (!(mod = dlsym(handle, FSABI_MODULE_SYMBOL)))
            snprintf(err, errlen, "the instrumented program has no %s", FSABI_MODULE_SYMBOL);
        else if (runtime_bind(mod, s, err, errlen) != 0)
            mod = NULL;
    }
    if (!keep) nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    else fprintf(stderr, "freqsys: build files kept in %s\n", dir);
    free(so_path);
    return mod;
}
