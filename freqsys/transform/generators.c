/* freqsys/transform/generators.c: the spec's C generators, compiled, checked against their uses and linked
 * into the module uncounted. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <llvm-c/Linker.h>
#include "dwarf_type.h"
#include "freqsys/abi.h"

#ifndef FREQSYS_INCLUDE_RELDIR
#define FREQSYS_INCLUDE_RELDIR "../include"
#endif
#ifndef FREQSYS_SOURCE_INCLUDE
#define FREQSYS_SOURCE_INCLUDE ""
#endif

/* Where <freqsys/gen.h> lies: beside an installed executable (bin/../include), else
 * in the source tree this freqsys was built from. "-I" and the folder into FLAG. */
static void gen_include(char *flag, size_t size) {
    char dir[4096], path[4400];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    char *slash = n > 0 ? (dir[n] = '\0', strrchr(dir, '/')) : NULL;
    if (slash) {
        *slash = '\0';
        snprintf(path, sizeof path, "%s/%s/freqsys/gen.h", dir, FREQSYS_INCLUDE_RELDIR);
        if (access(path, R_OK) == 0) {
            snprintf(flag, size, "-I%s/%s", dir, FREQSYS_INCLUDE_RELDIR);
            return;
        }
    }
    snprintf(flag, size, "-I%s", FREQSYS_SOURCE_INCLUDE);
}

static int uses_generators(const spec *s) {
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].value.kind == SPEC_VALUE_GENERATOR) return 1;
    return 0;
}

/* The generators' sources compiled and linked into one module. */
static int compile_all(const spec *s, LLVMContextRef ctx, LLVMModuleRef *out, char *err, size_t errlen) {
    char include[4500];
    gen_include(include, sizeof include);
    char *own[] = {include, NULL};
    *out = NULL;
    for (size_t i = 0; i < s->ngenerators; i++) {
        LLVMModuleRef g = NULL;
        int rc = compile_c_file(s, s->generators[i], own, 0, ctx, &g, err, errlen);
        if (rc != 0) {
            if (*out) LLVMDisposeModule(*out);
            *out = NULL;
            return rc;
        }
        if (!*out) {
            *out = g;
        } else if (LLVMLinkModules2(*out, g)) {
            snprintf(err, errlen,
                     "cannot link the generator source %s with those before it (a function "
                     "defined twice?)",
                     s->generators[i]);
            LLVMDisposeModule(*out);
            *out = NULL;
            return TRANSFORM_EBUILD;
        }
    }
    return 0;
}

/* FN's C signature for messages ("int make(void)"), from its debug information when
 * it has some. */
static void signature(LLVMValueRef fn, char *buf, size_t size) {
    ctype params[8], ret;
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    int n = dwarf_type_params(fn, params, 8, &ret);
    if (n < 0) {
        snprintf(buf, size, "%s (no debug information)", name);
        return;
    }
    size_t at = (size_t)snprintf(buf, size, "%s %s(", ret.klass == CTYPE_VOID ? "void" : ret.text, name);
    for (int i = 0; i < n && i < 8 && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : "", params[i].text);
    if (at < size) snprintf(buf + at, size - at, "%s)", n ? "" : "void");
}

static int is_byte_pointer(const ctype *t) {
    return t->klass == CTYPE_POINTER && t->pointee_class == CTYPE_SCALAR &&
           (t->pointee_kind == FSABI_KIND_I8 || t->pointee_kind == FSABI_KIND_U8);
}

/* The generator FN for IN's use: `stdin ~`: void NAME(FILE *); an argument's string:
 * const char *NAME(void); an argument's bytes (a capacity given): size_t NAME(unsigned
 * char *, size_t). The IR types must match; the C types must too, when known. */
static int check_type(const spec *s, const spec_input *in, LLVMValueRef fn, char *err, size_t errlen) {
    const spec_value *v = &in->value;
    LLVMTypeRef ty = LLVMGlobalGetValueType(fn);
    LLVMTypeRef ret = LLVMGetReturnType(ty);
    unsigned np = LLVMCountParamTypes(ty);
    LLVMTypeRef pt[2] = {0};
    if (np <= 2) LLVMGetParamTypes(ty, pt);
    ctype cp[2], cr;
    int typed = np <= 2 && dwarf_type_params(fn, cp, 2, &cr) == (int)np;
    const char *need, *hint = "";
    int fits;
    if (in->target == SPEC_STDIN) {
        need = "void NAME(FILE *out)";
        fits = np == 1 && LLVMGetTypeKind(ret) == LLVMVoidTypeKind &&
               LLVMGetTypeKind(pt[0]) == LLVMPointerTypeKind && (!typed || strstr(cp[0].text, "FILE"));
    } else if (v->gen_cap) {
        need = "size_t NAME(unsigned char *buf, size_t cap)";
        fits = np == 2 && LLVMGetTypeKind(ret) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ret) == 64 &&
               LLVMGetTypeKind(pt[0]) == LLVMPointerTypeKind &&
               LLVMGetTypeKind(pt[1]) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(pt[1]) == 64 &&
               (!typed ||
                (cr.kind == FSABI_KIND_U64 && is_byte_pointer(&cp[0]) && cp[1].kind == FSABI_KIND_U64));
        if (np == 0) hint = "; without a capacity, generator(NAME) calls const char *NAME(void)";
    } else {
        need = "const char *NAME(void)";
        fits = np == 0 && LLVMGetTypeKind(ret) == LLVMPointerTypeKind && (!typed || is_byte_pointer(&cr));
        if (np == 2) hint = "; a generator that fills a buffer needs its capacity, generator(NAME, 256)";
    }
    if (fits && !LLVMIsFunctionVarArg(ty)) return 0;
    char sig[512];
    signature(fn, sig, sizeof sig);
    spec_diagnose(s, v->len_loc, err, errlen, "generator '%s' is '%s', but this use needs '%s'%s",
                  v->gen_name, sig, need, hint);
    return TRANSFORM_ESPEC;
}

/* Every generator(NAME) of S against the generators' module G and the program M. */
static int check_uses(const spec *s, LLVMModuleRef g, LLVMModuleRef m, char *err, size_t errlen) {
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if (in->value.kind != SPEC_VALUE_GENERATOR) continue;
        const char *name = in->value.gen_name;
        LLVMValueRef fn = LLVMGetNamedFunction(g, name), own = LLVMGetNamedFunction(m, name);
        if (own && LLVMCountBasicBlocks(own) > 0) {
            spec_diagnose(s, in->value.len_loc, err, errlen,
                          "'%s' is a function of the program, which is counted; "
                          "a generator is defined in a 'generators' source",
                          name);
            return TRANSFORM_ESPEC;
        }
        if (!fn || LLVMCountBasicBlocks(fn) == 0 || LLVMGetLinkage(fn) == LLVMInternalLinkage) {
            spec_diagnose(s, in->value.len_loc, err, errlen, "no generator source defines a function '%s'%s",
                          name, fn && LLVMCountBasicBlocks(fn) > 0 ? " that is not static" : "");
            return TRANSFORM_ESPEC;
        }
        int rc = check_type(s, in, fn, err, errlen);
        if (rc) return rc;
    }
    return 0;
}

/* The table {name, function} of every generator S uses, ended by {NULL, NULL},
 * each function declared in M (the link below gives it its body). */
static void emit_table(LLVMModuleRef m, LLVMModuleRef g, const spec *s) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
    LLVMTypeRef fields[2] = {ptr, ptr};
    LLVMTypeRef row = LLVMStructTypeInContext(ctx, fields, 2, 0);
    LLVMValueRef *rows = calloc(s->ninputs + 1, sizeof *rows);
    size_t n = 0;
    for (size_t i = 0; rows && i < s->ninputs; i++) {
        const spec_value *v = &s->inputs[i].value;
        if (v->kind != SPEC_VALUE_GENERATOR) continue;
        LLVMValueRef fn = LLVMGetNamedFunction(m, v->gen_name);
        if (!fn)
            fn =
                LLVMAddFunction(m, v->gen_name, LLVMGlobalGetValueType(LLVMGetNamedFunction(g, v->gen_name)));
        size_t len = strlen(v->gen_name);
        LLVMValueRef text = LLVMConstStringInContext2(ctx, v->gen_name, len, 0);
        LLVMValueRef name = LLVMAddGlobal(m, LLVMTypeOf(text), "freqsys.generator_name");
        LLVMSetInitializer(name, text);
        LLVMSetGlobalConstant(name, 1);
        LLVMSetLinkage(name, LLVMPrivateLinkage);
        LLVMValueRef pair[2] = {name, fn};
        rows[n++] = LLVMConstNamedStruct(row, pair, 2);
    }
    LLVMValueRef end[2] = {LLVMConstPointerNull(ptr), LLVMConstPointerNull(ptr)};
    if (rows) rows[n++] = LLVMConstNamedStruct(row, end, 2);
    LLVMValueRef init = LLVMConstArray2(row, rows, rows ? n : 0);
    LLVMValueRef table = LLVMAddGlobal(m, LLVMTypeOf(init), FSABI_GENERATORS_SYMBOL);
    LLVMSetInitializer(table, init);
    LLVMSetGlobalConstant(table, 1);
    free(rows);
}

int generators_link(LLVMModuleRef m, const spec *s, char *err, size_t errlen) {
    if (!s->ngenerators) return 0;
    LLVMModuleRef g = NULL;
    int rc = compile_all(s, LLVMGetModuleContext(m), &g, err, errlen);
    if (rc == 0) rc = check_uses(s, g, m, err, errlen);
    if (rc != 0) {
        if (g) LLVMDisposeModule(g);
        return rc;
    }
    if (uses_generators(s)) emit_table(m, g, s);
    if (LLVMLinkModules2(m, g)) { /* disposes g either way */
        snprintf(err, errlen,
                 "cannot link the generators with the program (a function or global defined in "
                 "both? a generator's names must differ from the program's)");
        return TRANSFORM_EBUILD;
    }
    return 0;
}
