/* freqsys/module/integer_reads.c: warnings for integer reads fed by a real-valued distribution, whose draws C
 * truncates. */
/* SPDX-License-Identifier: MIT */
#include "integer_reads.h"

#include <string.h>
#include "freqsys/abi.h"
#include "dist.h"

/* Where the site table hangs in the descriptor's initializer (fsabi_module), and the
 * fields of one row (fsabi_site). */
enum { DESCRIPTOR_SITES = 10 };
enum { SITE_VARIABLE, SITE_FILE, SITE_LINE, SITE_KIND, SITE_ORIGIN, SITE_DECL, SITE_FIELDS };

/* The text of a string constant the table points at; "" for an empty one, which
 * LLVM keeps as all zeros, or for anything else. */
static const char *text_of(LLVMValueRef global) {
    LLVMValueRef init = global && LLVMIsAGlobalVariable(global) ? LLVMGetInitializer(global) : NULL;
    size_t len = 0;
    if (!init || !LLVMIsAConstantDataSequential(init)) return "";
    const char *t = LLVMGetAsString(init, &len);
    return len && t[len - 1] == '\0' ? t : ""; /* the table's strings end in NUL */
}

static unsigned field_u32(LLVMValueRef row, unsigned k) {
    LLVMValueRef v = LLVMGetOperand(row, k);
    return v && LLVMIsAConstantInt(v) ? (unsigned)LLVMConstIntGetZExtValue(v) : 0;
}

/* The declaration that feeds a site of ORIGIN into VARIABLE (DECL for the origins
 * other than a read), or NULL when only the run decides (`read N` may claim it). */
static const spec_input *feeding(const spec *s, unsigned origin, const char *variable, unsigned decl) {
    if (origin != FSABI_FROM_READ) return decl < s->ninputs ? &s->inputs[decl] : NULL;
    const spec_input *named = *variable ? spec_find_var(s, variable) : NULL;
    if (named) return named;
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_READ_INDEX) return NULL;
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_READ_ANY) return &s->inputs[i];
    return NULL;
}

static const char *c_type(unsigned kind) {
    static const char *const names[] = {
        [FSABI_KIND_I8] = "signed char",   [FSABI_KIND_I16] = "short",
        [FSABI_KIND_I32] = "int",          [FSABI_KIND_I64] = "long",
        [FSABI_KIND_U8] = "unsigned char", [FSABI_KIND_U16] = "unsigned short",
        [FSABI_KIND_U32] = "unsigned int", [FSABI_KIND_U64] = "unsigned long",
        [FSABI_KIND_CHAR] = "char",        [FSABI_KIND_BOOL] = "_Bool"};
    return kind < sizeof names / sizeof names[0] && names[kind] ? names[kind] : "an integer type";
}

int integer_reads_warn(LLVMModuleRef m, const spec *s, transform_warnings *w) {
    LLVMValueRef descriptor = LLVMGetNamedGlobal(m, FSABI_MODULE_SYMBOL);
    LLVMValueRef init = descriptor ? LLVMGetInitializer(descriptor) : NULL;
    if (!init || LLVMGetNumOperands(init) <= DESCRIPTOR_SITES) return 0;
    LLVMValueRef table_global = LLVMGetOperand(init, DESCRIPTOR_SITES);
    LLVMValueRef table =
        table_global && LLVMIsAGlobalVariable(table_global) ? LLVMGetInitializer(table_global) : NULL;
    unsigned nsites = table && LLVMIsAConstantArray(table) ? (unsigned)LLVMGetNumOperands(table) : 0;
    for (unsigned i = 0; i < nsites; i++) {
        LLVMValueRef row = LLVMGetOperand(table, i);
        if (!row || LLVMGetNumOperands(row) != SITE_FIELDS) continue;
        unsigned kind = field_u32(row, SITE_KIND);
        double lo, hi;
        if (!fsabi_int_range(kind, &lo, &hi)) continue;
        const char *variable = text_of(LLVMGetOperand(row, SITE_VARIABLE));
        const spec_input *in = feeding(s, field_u32(row, SITE_ORIGIN), variable, field_u32(row, SITE_DECL));
        if (!in || in->value.kind != SPEC_VALUE_DIST || !in->value.dist || dist_is_integer(in->value.dist))
            continue;
        const char *file = text_of(LLVMGetOperand(row, SITE_FILE));
        const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
        char law[128];
        dist_format(in->value.dist, law, sizeof law);
        char into[160];
        if (*variable)
            snprintf(into, sizeof into, "'%s' (%s)", variable, c_type(kind));
        else
            snprintf(into, sizeof into, "a value of type %s", c_type(kind));
        if (transform_warn(
                w,
                "%s:%d:%d: %s is real-valued, but %s:%u reads its draws into %s: each is "
                "truncated toward zero (2.7 becomes 2, -0.26 becomes 0); declare an integer-valued "
                "distribution (uniform_int, poisson, discrete, ...) or read a floating-point type",
                s->path, in->value.loc.line, in->value.loc.column, law, *base ? base : "?",
                field_u32(row, SITE_LINE), into) != 0)
            return -1;
    }
    return 0;
}
