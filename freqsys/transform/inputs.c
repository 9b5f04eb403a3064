/* freqsys/transform/inputs.c: draws for globals and extern variables, bodies for extern functions, and the
 * check for undefined symbols. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "inputs.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "dwarf_type.h"
#include "reach.h"
#include "transform.h"

static int is_real(LLVMTypeRef t) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

LLVMValueRef inputs_convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef to) {
    LLVMTypeRef from = LLVMTypeOf(v);
    if (from == to) return v;
    if (is_real(to)) return is_real(from) ? LLVMBuildFPCast(b, v, to, "") : LLVMBuildSIToFP(b, v, to, "");
    if (LLVMGetTypeKind(to) == LLVMPointerTypeKind) return LLVMBuildIntToPtr(b, v, to, "");
    if (LLVMGetTypeKind(to) == LLVMIntegerTypeKind) {
        unsigned w = LLVMGetIntTypeWidth(to);
        if (w == 1) return LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(from), "");
        return w < 64 ? LLVMBuildTrunc(b, v, to, "") : v;
    }
    return v;
}

LLVMValueRef inputs_draw(LLVMModuleRef m, LLVMBuilderRef b, unsigned site, LLVMTypeRef to) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    int real = is_real(to);
    LLVMTypeRef ret = real ? LLVMDoubleTypeInContext(ctx) : LLVMInt64TypeInContext(ctx);
    LLVMTypeRef fty = LLVMFunctionType(ret, &i32, 1, 0);
    const char *name = real ? FSABI_INPUT_REAL : FSABI_INPUT_INT;
    LLVMValueRef fn = LLVMGetNamedFunction(m, name);
    if (!fn) fn = LLVMAddFunction(m, name, fty);
    LLVMValueRef arg = LLVMConstInt(i32, site, 0);
    return inputs_convert(b, LLVMBuildCall2(b, fty, fn, &arg, 1, "input"), to);
}

/* The kind a declared C type text names ("unsigned short", "uint32_t"), or 0. */
static unsigned kind_of_text(const char *text, LLVMTypeRef ir) {
    static const struct {
        const char *name;
        unsigned kind;
    } names[] = {
        {"uint8_t", FSABI_KIND_U8},   {"uint16_t", FSABI_KIND_U16}, {"uint32_t", FSABI_KIND_U32},
        {"uint64_t", FSABI_KIND_U64}, {"int8_t", FSABI_KIND_I8},    {"int16_t", FSABI_KIND_I16},
        {"int32_t", FSABI_KIND_I32},  {"int64_t", FSABI_KIND_I64},  {"size_t", FSABI_KIND_U64},
        {"_Bool", FSABI_KIND_BOOL},   {"bool", FSABI_KIND_BOOL},    {"float", FSABI_KIND_F32},
        {"double", FSABI_KIND_F64},
    };
    for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(text, names[i].name) == 0) return names[i].kind;
    unsigned k = dwarf_type_kind_of_ir(ir);
    if (text && strstr(text, "unsigned") && k >= FSABI_KIND_I8 && k <= FSABI_KIND_I64)
        k += FSABI_KIND_U8 - FSABI_KIND_I8;
    return k;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "f.c:12, f.c:30" for the first few instructions that use V. */
static void uses_of(LLVMValueRef v, char *buf, size_t size) {
    size_t n = 0;
    int count = 0;
    buf[0] = '\0';
    for (LLVMUseRef u = LLVMGetFirstUse(v); u && count < 4; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user)) continue;
        unsigned flen = 0;
        const char *f = LLVMGetDebugLocFilename(user, &flen);
        char file[256];
        snprintf(file, sizeof file, "%.*s", (int)flen, f ? f : "");
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:%u", count ? ", " : "", base_name(file),
                              LLVMGetDebugLocLine(user));
        count++;
    }
    if (!count) snprintf(buf, size, "no located use");
}

/* Element i of C shuffled: C[i] = C[j]; C[j] = i, where j = floor(u * (i + 1)) for the
 * draw u of SITE, a uniform(0, 1): the shuffle that builds a uniformly random order of
 * 0 .. i from the front. */
static void shuffle_step(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef g, LLVMTypeRef elem, LLVMValueRef i,
                         unsigned site) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), f64 = LLVMDoubleTypeInContext(ctx);
    LLVMValueRef u = inputs_draw(m, b, site, f64);
    LLVMValueRef span = LLVMBuildUIToFP(b, LLVMBuildAdd(b, i, LLVMConstInt(i64, 1, 0), ""), f64, "");
    LLVMValueRef j = LLVMBuildFPToUI(b, LLVMBuildFMul(b, u, span, ""), i64, "");
    j = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, j, i, ""), i, j, "swap.with"); /* u < 1 */
    LLVMValueRef at_i = LLVMBuildGEP2(b, elem, g, &i, 1, "");
    LLVMValueRef at_j = LLVMBuildGEP2(b, elem, g, &j, 1, "");
    LLVMBuildStore(b, LLVMBuildLoad2(b, elem, at_j, ""), at_i);
    LLVMBuildStore(b, LLVMBuildTrunc(b, i, elem, ""), at_j);
}

/* Appends to RESET a loop over elements 0 .. LEN - 1 of array global G (elements
 * ELEM, rows end to end) that stores a draw of SITE in each, or with PERMUTE builds a random
 * order of 0 .. LEN - 1 from SITE's uniform(0, 1) draws. */
static void draw_elements(LLVMModuleRef m, LLVMValueRef reset, LLVMValueRef g, LLVMTypeRef elem,
                          unsigned long long len, unsigned site, int permute) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMBasicBlockRef before = LLVMGetLastBasicBlock(reset);
    LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, reset, "draw.elements");
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, reset, "draw.element");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, reset, "draw.elements.done");
    LLVMPositionBuilderAtEnd(b, before);
    LLVMBuildBr(b, head);
    LLVMPositionBuilderAtEnd(b, head);
    LLVMValueRef i = LLVMBuildPhi(b, i64, "i");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, i, LLVMConstInt(i64, len, 0), ""), body, done);
    LLVMPositionBuilderAtEnd(b, body);
    if (permute) {
        shuffle_step(m, b, g, elem, i, site);
    } else {
        LLVMValueRef at = LLVMBuildGEP2(b, elem, g, &i, 1, ""); /* rows, if any, lie end to end */
        LLVMBuildStore(b, inputs_draw(m, b, site, elem), at);
    }
    LLVMValueRef next = LLVMBuildAdd(b, i, LLVMConstInt(i64, 1, 0), "");
    LLVMBuildBr(b, head);
    LLVMValueRef from[2] = {LLVMConstInt(i64, 0, 0), next};
    LLVMBasicBlockRef via[2] = {before, body};
    LLVMAddIncoming(i, from, via, 2);
    LLVMDisposeBuilder(b);
}

/* global NAME ~ array(LEN, D) and global NAME[K] ~ D: elements of an array global. */
static int bind_elements(LLVMModuleRef m, const spec *s, size_t d, LLVMValueRef g, LLVMValueRef reset,
                         read_sites *sites, char *err, size_t errlen) {
    const spec_input *in = &s->inputs[d];
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind) {
        spec_diagnose(s, in->element ? in->name_loc : in->value.loc, err, errlen, "'%s' is not an array: %s",
                      in->name,
                      in->element ? "it has no elements to pin" : "array(LEN, D) draws arrays' elements");
        return TRANSFORM_ESPEC;
    }
    /* A matrix (int m[4][5]) is drawn whole as its 20 elements in memory order. */
    unsigned long long n = LLVMGetArrayLength2(ty);
    LLVMTypeRef elem = LLVMGetElementType(ty);
    int rows = LLVMGetTypeKind(elem) == LLVMArrayTypeKind;
    for (int depth = 0; depth < 8 && LLVMGetTypeKind(elem) == LLVMArrayTypeKind; depth++) {
        n *= LLVMGetArrayLength2(elem);
        elem = LLVMGetElementType(elem);
    }
    if (rows && in->element) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' has rows: pin elements of one-dimensional arrays only, "
                      "or draw it whole with array(LEN, D)",
                      in->name);
        return TRANSFORM_ESPEC;
    }
    ctype c;
    dwarf_type_global_element(g, &c);
    unsigned kind =
        c.klass == CTYPE_SCALAR || (c.klass == CTYPE_ARRAY && c.kind) ? c.kind : dwarf_type_kind_of_ir(elem);
    if (!kind) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is not an array of numbers: only integer, _Bool and "
                      "floating-point elements can be drawn",
                      in->name);
        return TRANSFORM_ESPEC;
    }
    int permute = in->value.kind == SPEC_VALUE_PERMUTATION;
    double lo, hi;
    if (permute && (!fsabi_int_range(kind, &lo, &hi) || kind == FSABI_KIND_BOOL ||
                    (double)(in->value.len_const - 1) > hi)) {
        spec_diagnose(s, in->value.loc, err, errlen,
                      "permutation(%lld) needs an array of integers that hold "
                      "0 to %lld; '%s' is %s",
                      in->value.len_const, in->value.len_const - 1, in->name,
                      c.klass == CTYPE_SCALAR ? c.text : "not one");
        return TRANSFORM_ESPEC;
    }
    if (!in->element && in->value.len_name) {
        spec_diagnose(s, in->value.len_loc, err, errlen,
                      "a global array's length is a number (it has %llu "
                      "elements), not a name",
                      n);
        return TRANSFORM_ESPEC;
    }
    unsigned long long first = in->element ? (unsigned long long)in->index : 0;
    unsigned long long len = in->element ? 1 : (unsigned long long)in->value.len_const;
    if (first + len > n) {
        if (in->element)
            spec_diagnose(s, in->name_loc, err, errlen, "'%s' has %llu elements: index %llu is past its end",
                          in->name, n, first);
        else
            spec_diagnose(s, in->value.len_loc, err, errlen,
                          "'%s' has %llu elements: array(%llu, ...) is "
                          "longer",
                          in->name, n, len);
        return TRANSFORM_ESPEC;
    }
    int site = reads_add_site(sites, in->name, NULL, permute ? FSABI_KIND_F64 : kind, FSABI_FROM_GLOBAL,
                              (unsigned)d);
    if (site < 0) return -1;
    if (in->element) {
        LLVMContextRef ctx = LLVMGetModuleContext(m);
        LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
        LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderAtEnd(b, LLVMGetLastBasicBlock(reset));
        LLVMValueRef at = LLVMBuildGEP2(
            b, ty, g, (LLVMValueRef[]){LLVMConstInt(i64, 0, 0), LLVMConstInt(i64, first, 0)}, 2, "");
        LLVMBuildStore(b, inputs_draw(m, b, (unsigned)site, elem), at);
        LLVMDisposeBuilder(b);
    } else {
        draw_elements(m, reset, g, elem, len, (unsigned)site, permute);
    }
    return 0;
}

static int bind_variable(LLVMModuleRef m, const spec *s, size_t d, LLVMValueRef reset, read_sites *sites,
                         char *err, size_t errlen) {
    const spec_input *in = &s->inputs[d];
    LLVMValueRef g = LLVMGetNamedGlobal(m, in->name);
    int is_extern = in->target == SPEC_EXTERN_VAR;
    if (!g) {
        spec_diagnose(s, in->name_loc, err, errlen, "the program has no global variable '%s'", in->name);
        return TRANSFORM_ESPEC;
    }
    if (is_extern && !LLVMIsDeclaration(g)) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is defined by the program; 'extern' is "
                      "for variables it only declares (use 'global %s ~ ...')",
                      in->name, in->name);
        return TRANSFORM_ESPEC;
    }
    if (!is_extern && LLVMIsDeclaration(g)) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is only declared by the program; use "
                      "'extern <type> %s ~ ...' to define it",
                      in->name, in->name);
        return TRANSFORM_ESPEC;
    }
    if (!is_extern &&
        (in->element || in->value.kind == SPEC_VALUE_ARRAY || in->value.kind == SPEC_VALUE_PERMUTATION))
        return bind_elements(m, s, d, g, reset, sites, err, errlen);
    if (!is_extern && in->value.kind != SPEC_VALUE_DIST) {
        spec_diagnose(s, in->value.loc, err, errlen,
                      "a global takes a distribution, or array(LEN, D) or "
                      "permutation(LEN) when it is an array");
        return TRANSFORM_ESPEC;
    }
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    unsigned kind;
    if (is_extern) {
        kind = kind_of_text(in->ctype, ty);
    } else {
        ctype c;
        dwarf_type_global(g, &c);
        kind = c.klass == CTYPE_SCALAR ? c.kind : dwarf_type_kind_of_ir(ty);
    }
    if (!kind || in->value.kind != SPEC_VALUE_DIST) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is not a number variable: only integer, "
                      "_Bool and floating-point globals can be drawn",
                      in->name);
        return TRANSFORM_ESPEC;
    }
    if (is_extern) { /* define it, so the program links */
        LLVMSetInitializer(g, LLVMConstNull(ty));
        LLVMSetLinkage(g, LLVMInternalLinkage);
    }
    int site = reads_add_site(sites, in->name, NULL, kind,
                              is_extern ? FSABI_FROM_EXTERN_VAR : FSABI_FROM_GLOBAL, (unsigned)d);
    if (site < 0) return -1;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    LLVMPositionBuilderAtEnd(b, LLVMGetLastBasicBlock(reset));
    LLVMBuildStore(b, inputs_draw(m, b, (unsigned)site, ty), g);
    LLVMDisposeBuilder(b);
    return 0;
}

static int bind_function(LLVMModuleRef m, const spec *s, size_t d, read_sites *sites, char *err,
                         size_t errlen) {
    const spec_input *in = &s->inputs[d];
    LLVMValueRef fn = LLVMGetNamedFunction(m, in->name);
    if (!fn) {
        spec_diagnose(s, in->name_loc, err, errlen, "the program calls no function '%s'", in->name);
        return TRANSFORM_ESPEC;
    }
    if (LLVMCountBasicBlocks(fn) > 0) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is defined by the program; 'extern' is "
                      "for functions it only declares",
                      in->name);
        return TRANSFORM_ESPEC;
    }
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn), ret = LLVMGetReturnType(fty);
    unsigned kind = dwarf_type_kind_of_ir(ret);
    if (LLVMGetTypeKind(ret) == LLVMVoidTypeKind)
        kind = 0;
    else if (!kind) {
        spec_diagnose(s, in->name_loc, err, errlen, "'%s' does not return a number", in->name);
        return TRANSFORM_ESPEC;
    }
    /* An i32 result may be int or unsigned int; without the callee's debug type, accept
     * both ranges rather than reject a valid unsigned value. */
    if (kind == FSABI_KIND_I32 || kind == FSABI_KIND_I16 || kind == FSABI_KIND_I8) kind = FSABI_KIND_I64;
    int site = reads_add_site(sites, in->name, NULL, kind ? kind : FSABI_KIND_I64, FSABI_FROM_EXTERN_FN,
                              (unsigned)d);
    if (site < 0) return -1;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
    LLVMValueRef v = inputs_draw(m, b, (unsigned)site, kind ? ret : LLVMInt64TypeInContext(ctx));
    if (kind)
        LLVMBuildRet(b, v);
    else
        LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    return 0;
}

/* 1 when some use of V can run: an instruction in a reachable function, or any use
 * outside a function (a constant initializer may hand it to anything). */
static int used_reachably(const ptr_map *reachable, LLVMValueRef v) {
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user) || reach_contains(reachable, user)) return 1;
    }
    return 0;
}

/* Bodies for symbols only unreachable code uses: never run, but must resolve. */
static void stand_in(LLVMModuleRef m, LLVMValueRef v) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    if (LLVMIsAFunction(v)) {
        LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, v, "entry"));
        LLVMTypeRef vty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
        LLVMValueRef ab = LLVMGetNamedFunction(m, FSABI_ABORT);
        if (!ab) ab = LLVMAddFunction(m, FSABI_ABORT, vty);
        LLVMBuildCall2(b, vty, ab, NULL, 0, "");
        LLVMBuildUnreachable(b);
        LLVMDisposeBuilder(b);
    } else {
        LLVMSetInitializer(v, LLVMConstNull(LLVMGlobalGetValueType(v)));
    }
    LLVMSetLinkage(v, LLVMInternalLinkage);
}

static int provided_elsewhere(const char *name) {
    return strncmp(name, "llvm.", 5) == 0 || strncmp(name, "freqsys_", 8) == 0 ||
           dlsym(RTLD_DEFAULT, name) != NULL;
}

/* One undefined symbol V (a function, or a variable when not FUNCTION): fine when
 * unused or provided by a library; given a stand-in when only unreachable code
 * uses it; an error naming it and where it is used otherwise. */
static int check_symbol(LLVMModuleRef m, const spec *s, const ptr_map *reachable, LLVMValueRef v,
                        int function, char *err, size_t errlen) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    if (!LLVMGetFirstUse(v) || provided_elsewhere(name)) return 0;
    if (!used_reachably(reachable, v)) {
        stand_in(m, v);
        return 0;
    }
    char where[512];
    uses_of(v, where, sizeof where);
    if (function)
        snprintf(err, errlen,
                 "%s: error: the program calls '%s' (at %s), which it does not define; "
                 "declare its results, e.g. 'extern %s() ~ uniform_int(0, 4095)'",
                 s->path, name, where, name);
    else
        snprintf(err, errlen,
                 "%s: error: the program uses the variable '%s' (at %s), which it does "
                 "not define; declare it, e.g. 'extern int %s ~ uniform_int(0, 10)'",
                 s->path, name, where, name);
    return TRANSFORM_ESPEC;
}

/* Undefined symbols nothing declares would fail at load time with a bare
 * "undefined symbol"; name them here with the places that use them. */
static int check_undefined(LLVMModuleRef m, const spec *s, const ptr_map *reachable, char *err,
                           size_t errlen) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (LLVMCountBasicBlocks(fn) == 0 && check_symbol(m, s, reachable, fn, 1, err, errlen))
            return TRANSFORM_ESPEC;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
        if (LLVMIsDeclaration(g) && check_symbol(m, s, reachable, g, 0, err, errlen)) return TRANSFORM_ESPEC;
    return 0;
}

int inputs_bind(LLVMModuleRef m, const spec *s, const ptr_map *reachable, LLVMValueRef reset,
                read_sites *sites, char *err, size_t errlen) {
    for (size_t d = 0; d < s->ninputs; d++) {
        int rc = 0;
        switch (s->inputs[d].target) {
        case SPEC_GLOBAL:
        case SPEC_EXTERN_VAR:
            rc = bind_variable(m, s, d, reset, sites, err, errlen);
            break;
        case SPEC_EXTERN_FN:
            rc = bind_function(m, s, d, sites, err, errlen);
            break;
        default:
            break;
        }
        if (rc) return rc;
    }
    return check_undefined(m, s, reachable, err, errlen);
}
