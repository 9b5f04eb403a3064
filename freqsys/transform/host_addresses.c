/* freqsys/transform/host_addresses.c: host inputs the program takes by address (l_getenv = &getenv), which
 * direct-call warnings miss. */
/* SPDX-License-Identifier: MIT */
#include "host_inputs.h"

#include <stdio.h>
#include <string.h>
#include <llvm-c/DebugInfo.h>
#include "reach.h"

/* What a call through a pointer to each function does in a trial. The replaced
 * functions (host_inputs.c) are replaced in every use, their addresses too, so the
 * pointer reaches the replacement; the readers of standard input are replaced only
 * where called directly (reads.c), so the pointer reaches the C library's. */
static const struct {
    const char *name, *what, *then;
} taken[] = {
    {"getenv", "reads the environment", "it returns NULL, as for an unset variable"},
    {"secure_getenv", "reads the environment", "it returns NULL, as for an unset variable"},
    {"time", "reads the clock", "it reads the virtual clock"},
    {"clock", "reads the clock", "it reads the virtual clock"},
    {"gettimeofday", "reads the clock", "it reads the virtual clock"},
    {"clock_gettime", "reads the clock", "it reads the virtual clock"},
    {"fopen", "may read a file", "it reads the file as it is on disk"},
    {"fopen64", "may read a file", "it reads the file as it is on disk"},
    {"freopen", "may read a file", "it reads the file as it is on disk"},
    {"open", "may read a file", "it reads the file as it is on disk"},
    {"openat", "may read a file", "it reads the file as it is on disk"},
    {"read", "may read a file", "it reads the descriptor as it is"},
    {"fread", "may read a file", "it reads the stream as it is"},
    {"scanf", "reads standard input", NULL},
    {"__isoc99_scanf", "reads standard input", NULL},
    {"__isoc23_scanf", "reads standard input", NULL},
    {"fscanf", "reads standard input", NULL},
    {"__isoc99_fscanf", "reads standard input", NULL},
    {"__isoc23_fscanf", "reads standard input", NULL},
    {"getchar", "reads standard input", NULL},
    {"getc", "reads standard input", NULL},
    {"fgetc", "reads standard input", NULL},
    {"fgets", "reads standard input", NULL},
    {"getline", "reads standard input", NULL},
};

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "file.c:LINE" of global G from its debug information, or its name alone. */
static void global_where(LLVMValueRef g, char *buf, size_t size) {
    size_t n = 0, len;
    LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &n);
    snprintf(buf, size, "%s", LLVMGetValueName2(g, &len));
    for (size_t i = 0; i < n; i++) {
        LLVMMetadataRef e = LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i);
        if (LLVMGetMetadataKind(e) != LLVMDIGlobalVariableExpressionMetadataKind) continue;
        LLVMMetadataRef var = LLVMDIGlobalVariableExpressionGetVariable(e);
        LLVMMetadataRef file = var ? LLVMDIVariableGetFile(var) : NULL;
        unsigned flen = 0;
        const char *f = file ? LLVMDIFileGetFilename(file, &flen) : NULL;
        if (f) snprintf(buf, size, "%s:%u", base_name(f), LLVMDIVariableGetLine(var));
        break;
    }
    if (md) LLVMDisposeValueMetadataEntries(md);
}

/* Where U, a use of a function's address, lies: an instruction's "file.c:LINE"
 * (0 when the entry cannot reach it), or the global whose initializer holds it. */
static int use_where(LLVMValueRef user, const ptr_map *reachable, char *buf, size_t size, int depth) {
    if (LLVMIsAInstruction(user)) {
        if (!reach_contains(reachable, user)) return 0;
        unsigned flen = 0;
        const char *f = LLVMGetDebugLocFilename(user, &flen);
        char file[512];
        snprintf(file, sizeof file, "%.*s", (int)flen, f ? f : "?");
        snprintf(buf, size, "%s:%u", base_name(file), LLVMGetDebugLocLine(user));
        return 1;
    }
    if (LLVMIsAGlobalVariable(user)) {
        global_where(user, buf, size);
        return 1;
    }
    /* a constant holding the address (a struct or an array of pointers): its users */
    for (LLVMUseRef u = LLVMGetFirstUse(user); u && depth < 8; u = LLVMGetNextUse(u))
        if (use_where(LLVMGetUser(u), reachable, buf, size, depth + 1)) return 1;
    return 0;
}

/* Whether use U of F is F called directly (F the callee, not an argument). */
static int direct_call(LLVMUseRef u, LLVMValueRef f) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!(LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) || LLVMGetCalledValue(user) != f) return 0;
    for (unsigned a = 0; a < LLVMGetNumArgOperands(user); a++)
        if (LLVMGetOperand(user, a) == f) return 0;
    return 1;
}

int host_addresses_warn(LLVMModuleRef m, const spec *s, const ptr_map *reachable, transform_warnings *w) {
    int drawn_stdin = spec_find_stdin(s) != NULL;
    for (size_t k = 0; k < sizeof taken / sizeof taken[0]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, taken[k].name);
        if (!f || LLVMCountBasicBlocks(f) > 0) continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            char at[600];
            if (direct_call(u, f) || !use_where(LLVMGetUser(u), reachable, at, sizeof at, 0)) continue;
            const char *then = taken[k].then;
            if (!then && drawn_stdin) continue; /* it reads the drawn standard input, as a direct call does */
            if (!then)
                then = "it is not replaced by a draw and reads the real standard input, empty in a trial; "
                       "declare 'stdin ~ ...' to draw the whole input";
            const char *shown = strncmp(taken[k].name, "__isoc", 6) == 0 ? taken[k].name + 9 : taken[k].name;
            if (transform_warn(w,
                               "%s: the address of %s is taken, and %s %s, which the spec does not model: "
                               "called through the pointer, %s",
                               at, shown, shown, taken[k].what, then) != 0)
                return -1;
        }
    }
    return 0;
}
