/* freqsys/bounds/indirect_calls.c: which functions a call through a pointer can reach. */
/* SPDX-License-Identifier: MIT */
#include "indirect_calls.h"

#include <stdio.h>
#include <string.h>
#include "freqsys/abi.h"

static int is_call(LLVMValueRef i) {
    return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i);
}

int indirect_calls_is_site(LLVMValueRef i) {
    if (!is_call(i)) return 0;
    LLVMValueRef callee = LLVMGetCalledValue(i);
    return callee && !LLVMIsAFunction(callee) && !LLVMIsAInlineAsm(callee);
}

int indirect_calls_may_reach(LLVMValueRef site, LLVMValueRef fn) {
    return LLVMGetCalledFunctionType(site) == LLVMGlobalGetValueType(fn);
}

/* Families of the C library whose functions never call a function they are given:
 * strings, memory, characters, numbers, formatted and plain I/O, jumps. */
static const char *const quiet_prefixes[] = {
    "str", "mem", "wcs",    "wmem",  "is",          "to",       "ato",     "fput",    "fget",
    "put", "get", "__isoc", "llvm.", "freqsys_rt_", "__ctype_", "__errno", "__assert"};
static const char *const quiet_names[] = {
    "malloc",     "calloc",   "realloc",   "free",        "aligned_alloc", "posix_memalign",
    "fread",      "fwrite",   "fopen",     "fclose",      "fflush",        "fseek",
    "ftell",      "rewind",   "feof",      "ferror",      "clearerr",      "ungetc",
    "perror",     "abs",      "labs",      "llabs",       "div",           "ldiv",
    "lldiv",      "exit",     "_exit",     "_Exit",       "abort",         "rand",
    "srand",      "time",     "clock",     "read",        "write",         "open",
    "close",      "lseek",    "isatty",    "sqrt",        "pow",           "exp",
    "exp2",       "log",      "log10",     "log2",        "floor",         "ceil",
    "fabs",       "fmod",     "sin",       "cos",         "tan",           "atan",
    "atan2",      "asin",     "acos",      "sinh",        "cosh",          "tanh",
    "round",      "lround",   "llround",   "trunc",       "frexp",         "ldexp",
    "modf",       "hypot",    "cbrt",      "expm1",       "log1p",         "fmin",
    "fmax",       "nan",      "rint",      "lrint",       "copysign",      "setlocale",
    "localeconv", "snprintf", "sprintf",   "printf",      "fprintf",       "vsnprintf",
    "vsprintf",   "vprintf",  "vfprintf",  "dprintf",     "scanf",         "sscanf",
    "fscanf",     "puts",     "fputs",     "fputc",       "putc",          "putchar",
    "bcmp",       "bzero",    "index",     "rindex",      "stpcpy",        "wctomb",
    "mbtowc",     "mblen",    "mbstowcs",  "wcstombs",    "btowc",         "wctob",
    "setjmp",     "_setjmp",  "sigsetjmp", "__sigsetjmp", "longjmp",       "_longjmp",
    "siglongjmp"};

/* Whether NAME (LEN bytes) is a C library function that never calls one it is given;
 * a float or long double variant (sqrtf, fabsl) as its double one. */
static int quiet(const char *name, size_t len) {
    for (size_t k = 0; k < sizeof quiet_prefixes / sizeof *quiet_prefixes; k++)
        if (!strncmp(name, quiet_prefixes[k], strlen(quiet_prefixes[k]))) return 1;
    for (size_t k = 0; k < sizeof quiet_names / sizeof *quiet_names; k++) {
        size_t n = strlen(quiet_names[k]);
        if (!strncmp(name, quiet_names[k], n) &&
            (len == n || (len == n + 1 && (name[n] == 'f' || name[n] == 'l'))))
            return 1;
    }
    return 0;
}

int indirect_calls_closed(LLVMModuleRef m, char *name, size_t len) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMCountBasicBlocks(fn) > 0 || !LLVMGetFirstUse(fn)) continue;
        size_t n;
        const char *s = LLVMGetValueName2(fn, &n);
        if (!strcmp(s, FSABI_ATEXIT) || quiet(s, n)) continue; /* atexit: run_bounds follows it */
        if (name && len) snprintf(name, len, "%s", s);
        return 0;
    }
    /* inline assembly may call through any pointer it is given */
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (is_call(i) && LLVMIsAInlineAsm(LLVMGetCalledValue(i))) {
                    if (name && len) snprintf(name, len, "inline assembly");
                    return 0;
                }
    return 1;
}

/* Whether the address V (FN, or a value holding it) reaches only places where the
 * module's own code, and nothing outside it, can call through it. DEPTH bounds the
 * walk through constants, selects and phis. */
static int stays_inside(LLVMValueRef v, LLVMValueRef fn, int depth) {
    if (depth > 8) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAGlobalVariable(user)) {
            size_t n;
            const char *name = LLVMGetValueName2(user, &n);
            if (!strncmp(name, "freqsys", 7) || !strncmp(name, "llvm.", 5)) return 0;
            continue; /* an initial value: a table the code reads */
        }
        if (LLVMIsAConstant(user)) {
            if (LLVMIsAGlobalValue(user) || !stays_inside(user, fn, depth + 1)) return 0;
            continue;
        }
        if (LLVMIsAStoreInst(user) || LLVMIsAICmpInst(user)) continue;
        if (LLVMIsASelectInst(user) || LLVMIsAPHINode(user)) {
            if (!stays_inside(user, fn, depth + 1)) return 0;
            continue;
        }
        if (is_call(user)) {
            LLVMValueRef callee = LLVMGetCalledValue(user);
            if (callee == v) continue; /* called, not passed */
            size_t n;
            /* passed to the module's own function, or registered with atexit (an edge) */
            if (callee && LLVMIsAFunction(callee) &&
                (LLVMCountBasicBlocks(callee) > 0 || !strcmp(LLVMGetValueName2(callee, &n), FSABI_ATEXIT)))
                continue;
            return 0;
        }
        return 0;
    }
    return 1;
}

indirect_block indirect_calls_why(LLVMValueRef fn, int closed) {
    if (!stays_inside(fn, fn, 0)) return INDIRECT_ESCAPES;
    return closed ? INDIRECT_FOLLOWED : INDIRECT_UNKNOWN_CALLEE;
}
