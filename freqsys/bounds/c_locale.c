/* freqsys/bounds/c_locale.c: <ctype.h>'s classes and case maps in the C locale, for deciding branches on a
 * byte. */
/* SPDX-License-Identifier: MIT */
#include "c_locale.h"

#include <string.h>

/* glibc's class bits (ctype.h's _ISbit on a little-endian machine) */
enum {
    IS_UPPER = 0x100,
    IS_LOWER = 0x200,
    IS_ALPHA = 0x400,
    IS_DIGIT = 0x800,
    IS_XDIGIT = 0x1000,
    IS_SPACE = 0x2000,
    IS_PRINT = 0x4000,
    IS_GRAPH = 0x8000,
    IS_BLANK = 0x1,
    IS_CNTRL = 0x2,
    IS_PUNCT = 0x4,
    IS_ALNUM = 0x8
};

int c_locale_class(long long c, unsigned *out) {
    if (c < -128 || c > 255) return -1;
    unsigned bits = 0;
    if (c >= 0 && c < 128) { /* the C locale classes only ASCII; EOF and bytes past 127 have none */
        int upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z', digit = c >= '0' && c <= '9';
        int xdigit = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        int space = c == ' ' || (c >= '\t' && c <= '\r'), blank = c == ' ' || c == '\t';
        int cntrl = c < 32 || c == 127, print = c >= 32 && c < 127, graph = c > 32 && c < 127;
        int alnum = upper || lower || digit;
        bits = (upper ? IS_UPPER : 0) | (lower ? IS_LOWER : 0) | (upper || lower ? IS_ALPHA : 0) |
               (digit ? IS_DIGIT : 0) | (xdigit ? IS_XDIGIT : 0) | (space ? IS_SPACE : 0) |
               (print ? IS_PRINT : 0) | (graph ? IS_GRAPH : 0) | (blank ? IS_BLANK : 0) |
               (cntrl ? IS_CNTRL : 0) | (graph && !alnum ? IS_PUNCT : 0) | (alnum ? IS_ALNUM : 0);
    }
    *out = bits;
    return 0;
}

int c_locale_call(const char *name, long long c, long long *out) {
    static const struct {
        const char *name;
        unsigned bit;
    } classes[] = {{"isupper", IS_UPPER}, {"islower", IS_LOWER},   {"isalpha", IS_ALPHA},
                   {"isdigit", IS_DIGIT}, {"isxdigit", IS_XDIGIT}, {"isspace", IS_SPACE},
                   {"isprint", IS_PRINT}, {"isgraph", IS_GRAPH},   {"isblank", IS_BLANK},
                   {"iscntrl", IS_CNTRL}, {"ispunct", IS_PUNCT},   {"isalnum", IS_ALNUM}};
    unsigned bits;
    if (c_locale_class(c, &bits) != 0) return -1;
    for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++)
        if (!strcmp(name, classes[k].name)) {
            *out = bits & classes[k].bit;
            return 0;
        }
    if (!strcmp(name, "tolower")) {
        *out = c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
        return 0;
    }
    if (!strcmp(name, "toupper")) {
        *out = c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
        return 0;
    }
    return -1;
}

int c_locale_table_entry(LLVMValueRef addr, LLVMValueRef *index) {
    if (!LLVMIsAGetElementPtrInst(addr) || LLVMGetNumOperands(addr) != 2) return 0;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(addr);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 16) return 0;
    LLVMValueRef table = LLVMGetOperand(addr, 0);
    if (!LLVMIsALoadInst(table) || !LLVMIsACallInst(LLVMGetOperand(table, 0))) return 0;
    LLVMValueRef fn = LLVMGetCalledValue(LLVMGetOperand(table, 0));
    size_t n;
    if (!fn || !LLVMIsAFunction(fn) || strcmp(LLVMGetValueName2(fn, &n), "__ctype_b_loc") != 0) return 0;
    *index = LLVMGetOperand(addr, 1);
    return 1;
}

int c_locale_may_change(LLVMModuleRef m) {
    static const char *const names[] = {"setlocale", "uselocale", "__uselocale", NULL};
    for (size_t k = 0; names[k]; k++) {
        LLVMValueRef f = LLVMGetNamedFunction(m, names[k]);
        if (f && LLVMGetFirstUse(f)) return 1;
    }
    return 0;
}
