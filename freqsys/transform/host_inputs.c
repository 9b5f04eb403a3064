/* freqsys/transform/host_inputs.c: inputs a program takes from its host rather than from reads: random
 * numbers, the clock, the environment, files, main's arguments. */
/* SPDX-License-Identifier: MIT */
#include "host_inputs.h"

#include <stdio.h>
#include <string.h>
#include "freqsys/abi.h"
#include "reach.h"

/* Which library function becomes which runtime function, and what the user is
 * told about it. A NULL warning: the replacement models it fully (rand draws
 * from the trial's stream), nothing to say. */
static const struct {
    const char *name, *runtime, *warning;
} replaced[] = {
    {"rand", FSABI_RAND, NULL},
    {"random", FSABI_RANDOM, NULL},
    {"rand_r", FSABI_RAND_R, NULL},
    {"srand", FSABI_SRAND, NULL},
    {"srandom", FSABI_SRAND, NULL},
    {"drand48", FSABI_DRAND48, NULL},
    {"erand48", FSABI_DRAND48, NULL},
    {"lrand48", FSABI_LRAND48, NULL},
    {"nrand48", FSABI_LRAND48, NULL},
    {"mrand48", FSABI_MRAND48, NULL},
    {"jrand48", FSABI_MRAND48, NULL},
    {"srand48", FSABI_SEED48, NULL},
    {"seed48", FSABI_SEED48, NULL},
    {"lcong48", FSABI_SEED48, NULL},
    {"arc4random", FSABI_ARC4RANDOM, NULL},
    {"arc4random_uniform", FSABI_ARC4RANDOM_UNIFORM, NULL},
    {"time", FSABI_TIME, "reads the clock"},
    {"clock", FSABI_CLOCK, "reads the clock"},
    {"gettimeofday", FSABI_GETTIMEOFDAY, "reads the clock"},
    {"clock_gettime", FSABI_CLOCK_GETTIME, "reads the clock"},
    {"getenv", FSABI_GETENV, "reads the environment"},
    {"secure_getenv", FSABI_GETENV, "reads the environment"},
};

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "file.c:LINE" of instruction I into BUF ("?:0" without debug info). */
static const char *where(LLVMValueRef i, char *buf, size_t size) {
    unsigned flen = 0;
    const char *f = LLVMGetDebugLocFilename(i, &flen);
    char file[512];
    snprintf(file, sizeof file, "%.*s", (int)flen, f ? f : "?");
    snprintf(buf, size, "%s:%u", base_name(file), LLVMGetDebugLocLine(i));
    return buf;
}

/* The text of a constant C string V (a global holding an array of i8), or NULL. */
static const char *constant_text(LLVMValueRef v) {
    if (!v || !LLVMIsAGlobalVariable(v)) return NULL;
    LLVMValueRef init = LLVMGetInitializer(v);
    if (!init || !LLVMIsConstantString(init)) return NULL;
    size_t len;
    return LLVMGetAsString(init, &len);
}

/* Replaces every use of the library function NAME, declared but not defined by the
 * program, with the runtime's TO; warns about each reachable call when WHY says so. */
static int redirect(LLVMModuleRef m, const ptr_map *reachable, const char *name, const char *to,
                    const char *why, transform_warnings *w) {
    LLVMValueRef f = LLVMGetNamedFunction(m, name);
    if (!f || LLVMCountBasicBlocks(f) > 0 || !LLVMGetFirstUse(f)) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(f); why && u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!(LLVMIsACallInst(call) || LLVMIsAInvokeInst(call)) || !reach_contains(reachable, call)) continue;
        char at[600];
        where(call, at, sizeof at);
        int rc;
        if (!strcmp(why, "reads the environment")) {
            const char *var = constant_text(LLVMGetOperand(call, 0));
            rc = transform_warn(w,
                                "%s: %s(\"%s\") reads the environment, which the spec does not model: "
                                "in trials it returns NULL, as for an unset variable",
                                at, name, var ? var : "...");
        } else {
            rc = transform_warn(w,
                                "%s: %s() reads the clock, which the spec does not model: every trial "
                                "sees the same virtual clock (from 2023-11-14 22:13:20 UTC, one microsecond "
                                "per call)",
                                at, name);
        }
        if (rc) return -1;
    }
    LLVMValueRef t = LLVMGetNamedFunction(m, to);
    if (!t) t = LLVMAddFunction(m, to, LLVMGlobalGetValueType(f));
    LLVMReplaceAllUsesWith(f, t);
    return 0;
}

/* open(path, flags, ...) and openat(dir, path, flags, ...) that may read: flags not
 * a constant, or an access mode other than O_WRONLY (1 on Linux). */
static int warn_open(LLVMModuleRef m, const ptr_map *reachable, transform_warnings *w) {
    static const struct {
        const char *name;
        unsigned path, flags;
    } openers[] = {
        {"open", 0, 1},
        {"open64", 0, 1},
        {"openat", 1, 2},
        {"openat64", 1, 2},
    };
    for (size_t k = 0; k < sizeof openers / sizeof openers[0]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, openers[k].name);
        if (!f || LLVMCountBasicBlocks(f) > 0) continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            if (!LLVMIsACallInst(call) || !reach_contains(reachable, call) ||
                LLVMGetNumArgOperands(call) <= openers[k].flags)
                continue;
            LLVMValueRef flags = LLVMGetOperand(call, openers[k].flags);
            if (LLVMIsAConstantInt(flags) && (LLVMConstIntGetZExtValue(flags) & 3) == 1) continue;
            const char *path = constant_text(LLVMGetOperand(call, openers[k].path));
            char at[600];
            where(call, at, sizeof at);
            if (transform_warn(w,
                               "%s: %s(%s%s%s, ...) may read a file, which the spec does not model: "
                               "every trial reads it as it is on disk",
                               at, openers[k].name, path ? "\"" : "", path ? path : "...",
                               path ? "\"" : "") != 0)
                return -1;
        }
    }
    return 0;
}

/* Files opened for reading: their contents are an input the spec does not draw. */
static int warn_files(LLVMModuleRef m, const ptr_map *reachable, transform_warnings *w) {
    static const char *const openers[] = {"fopen", "fopen64", "freopen", "freopen64"};
    for (size_t k = 0; k < sizeof openers / sizeof openers[0]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, openers[k]);
        if (!f || LLVMCountBasicBlocks(f) > 0) continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            if (!LLVMIsACallInst(call) || !reach_contains(reachable, call) || LLVMGetNumArgOperands(call) < 2)
                continue;
            const char *path = constant_text(LLVMGetOperand(call, 0));
            const char *mode = constant_text(LLVMGetOperand(call, 1));
            /* "w" and "a" only write (workers may not write anyway); anything else,
             * a mode not known until run time included, may read. */
            if (mode && !strchr(mode, 'r') && !strchr(mode, '+')) continue;
            char at[600];
            where(call, at, sizeof at);
            if (transform_warn(w,
                               "%s: %s(%s%s%s, \"%s\") reads a file, which the spec does not model: "
                               "every trial reads it as it is on disk",
                               at, openers[k], path ? "\"" : "", path ? path : "...", path ? "\"" : "",
                               mode ? mode : "...") != 0)
                return -1;
        }
    }
    return 0;
}

/* The first instruction that reads parameter P of main: P itself used, or (at -O0)
 * loaded back from the stack slot it is stored into. NULL when main ignores it. */
static LLVMValueRef parameter_use(LLVMValueRef p) {
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        LLVMValueRef slot = LLVMIsAStoreInst(user) ? LLVMGetOperand(user, 1) : NULL;
        if (!slot || LLVMGetOperand(user, 0) != p || !LLVMIsAAllocaInst(slot)) return user;
        for (LLVMUseRef s = LLVMGetFirstUse(slot); s; s = LLVMGetNextUse(s))
            if (LLVMGetUser(s) != user) return LLVMGetUser(s);
    }
    return NULL;
}

/* In program mode, main's arguments are an input: without an `argv` declaration
 * trials would silently take the no-argument path. */
static int check_arguments(LLVMValueRef entry, const spec *s, char *err, size_t errlen) {
    if (s->function || s->argv) return 0;
    static const char *const names[] = {"argc", "argv"};
    unsigned n = LLVMCountParams(entry);
    for (unsigned k = 0; k < n && k < 2; k++) {
        LLVMValueRef use = parameter_use(LLVMGetParam(entry, k));
        if (!use) continue;
        char at[600];
        where(use, at, sizeof at);
        snprintf(err, errlen,
                 "%s: error: main uses %s, which the spec does not model (trials would "
                 "run with argc 1 and no arguments); declare main's arguments, e.g. "
                 "'argv ~ list(\"prog\", \"-v\")'",
                 at, names[k]);
        return TRANSFORM_ESPEC;
    }
    return 0;
}

int host_inputs_rewrite(LLVMModuleRef m, const spec *s, const ptr_map *reachable, LLVMValueRef entry,
                        transform_warnings *w, char *err, size_t errlen) {
    int rc = check_arguments(entry, s, err, errlen);
    if (rc) return rc;
    if (host_addresses_warn(m, s, reachable, w) != 0 || warn_files(m, reachable, w) != 0 ||
        warn_open(m, reachable, w) != 0)
        return -1;
    for (size_t k = 0; k < sizeof replaced / sizeof replaced[0]; k++)
        if (redirect(m, reachable, replaced[k].name, replaced[k].runtime, replaced[k].warning, w) != 0)
            return -1;
    return 0;
}
