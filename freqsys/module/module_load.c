/* freqsys/module/module_load.c: the instrumented module built as a shared object with its runtime, loaded,
 * and bound. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "module_load.h"

#include <dlfcn.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runtime_path.h"
#include "transform.h"

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Links M with the runtime in a fresh folder and loads it: the handle, or NULL with
 * the reason in ERR. The folder goes unless KEEP. */
static void *build_and_open(LLVMModuleRef m, int keep, char *err, size_t errlen) {
    char runtime_lib[4096], dir[4096], *so_path = NULL;
    if (runtime_path_find(runtime_lib, sizeof runtime_lib, err, errlen) != 0) return NULL;
    if (compile_temp_path(dir, sizeof dir, "freqsys-run-XXXXXX") != 0 || !mkdtemp(dir)) {
        snprintf(err, errlen, "cannot create a build folder: %s", strerror(errno));
        return NULL;
    }
    void *handle = NULL;
    if (shared_object_build(m, dir, runtime_lib, &so_path, err, errlen) == 0 &&
        !(handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL)))
        snprintf(err, errlen, "cannot load the instrumented program: %s", dlerror());
    if (!keep)
        nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    else
        fprintf(stderr, "freqsys: build files kept in %s\n", dir);
    free(so_path);
    return handle;
}

/* The runtime table of the loaded object HANDLE, checked against this build. */
static const runtime_table *find_runtime(void *handle, char *err, size_t errlen) {
    const runtime_table *rt = dlsym(handle, FSABI_RUNTIME_SYMBOL);
    if (!rt) {
        snprintf(err, errlen, "the instrumented program carries no runtime (%s)", FSABI_RUNTIME_SYMBOL);
        return NULL;
    }
    return runtime_table_check(rt, err, errlen) == 0 ? rt : NULL;
}

const fsabi_module *module_load(LLVMModuleRef m, const spec *s, int keep, const runtime_table **rt, char *err,
                                size_t errlen) {
    void *handle = build_and_open(m, keep, err, errlen);
    if (!handle) return NULL;
    const fsabi_module *mod = dlsym(handle, FSABI_MODULE_SYMBOL);
    if (!mod) {
        snprintf(err, errlen, "the instrumented program has no %s", FSABI_MODULE_SYMBOL);
        return NULL;
    }
    if (!(*rt = find_runtime(handle, err, errlen)) || (*rt)->bind(mod, s, err, errlen) != 0) return NULL;
    return mod;
}

const runtime_table *module_load_runtime(const spec *s, int *status, char *err, size_t errlen) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("freqsys_runtime_only", ctx);
    int rc = s ? generators_link(m, s, err, errlen) : 0; /* a generator's standard input */
    *status = rc;
    void *handle = rc == 0 ? build_and_open(m, 0, err, errlen) : NULL;
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return handle ? find_runtime(handle, err, errlen) : NULL;
}
