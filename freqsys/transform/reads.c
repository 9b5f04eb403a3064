/* freqsys/transform/reads.c: replaces reads from standard input with draws from the spec's distributions. */
/* SPDX-License-Identifier: MIT */
#include "reads.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
#include "scanf_format.h"
#include "reach.h"
#include "transform.h"

#define MAX_CONVERSIONS 64

typedef enum read_call { CALL_NONE, CALL_SCANF, CALL_FSCANF, CALL_GETCHAR, CALL_FGETC, CALL_FGETS } read_call;

static read_call classify(const char *name) {
    static const struct {
        const char *name;
        read_call kind;
    } table[] = {
        {"scanf", CALL_SCANF},
        {"__isoc99_scanf", CALL_SCANF},
        {"__isoc23_scanf", CALL_SCANF},
        {"fscanf", CALL_FSCANF},
        {"__isoc99_fscanf", CALL_FSCANF},
        {"__isoc23_fscanf", CALL_FSCANF},
        {"getchar", CALL_GETCHAR},
        {"getchar_unlocked", CALL_GETCHAR},
        {"getc", CALL_FGETC},
        {"fgetc", CALL_FGETC},
        {"_IO_getc", CALL_FGETC},
        {"getc_unlocked", CALL_FGETC},
        {"fgetc_unlocked", CALL_FGETC},
        {"fgets", CALL_FGETS},
        {"fgets_unlocked", CALL_FGETS},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(name, table[i].name) == 0) return table[i].kind;
    return CALL_NONE;
}

/* True when V is a load of the C library's `stdin`. */
static int is_stdin(LLVMValueRef v) {
    if (!LLVMIsALoadInst(v)) return 0;
    LLVMValueRef g = LLVMGetOperand(v, 0);
    if (!LLVMIsAGlobalVariable(g)) return 0;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    return strcmp(name, "stdin") == 0 || strcmp(name, "_IO_2_1_stdin_") == 0;
}

/* The variable a pointer designates: the alloca, global or parameter it is taken
 * from, through element and field addresses ("&a[i]" reads into "a"). */
static void variable_of(LLVMValueRef p, char *buf, size_t size) {
    for (int depth = 0; depth < 16 && p; depth++) {
        if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
            (LLVMIsAConstantExpr(p) && LLVMGetNumOperands(p) > 0 &&
             (LLVMGetConstOpcode(p) == LLVMGetElementPtr || LLVMGetConstOpcode(p) == LLVMBitCast))) {
            p = LLVMGetOperand(p, 0);
            continue;
        }
        if (LLVMIsALoadInst(p)) { /* a pointer parameter spilled to "p.addr" */
            p = LLVMGetOperand(p, 0);
            continue;
        }
        size_t len;
        const char *name = LLVMGetValueName2(p, &len);
        if (len >= 5 && strcmp(name + len - 5, ".addr") == 0) len -= 5;
        snprintf(buf, size, "%.*s", (int)len, name);
        return;
    }
    buf[0] = '\0';
}

static char *text_of_format(LLVMValueRef v) {
    if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr) v = LLVMGetOperand(v, 0);
    if (!LLVMIsAGlobalVariable(v) || !LLVMIsGlobalConstant(v)) return NULL;
    LLVMValueRef init = LLVMGetInitializer(v);
    if (!init || !LLVMIsConstantString(init)) return NULL;
    size_t len;
    const char *s = LLVMGetAsString(init, &len);
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int reads_add_site(read_sites *r, const char *var, LLVMValueRef at, unsigned kind, unsigned origin,
                   unsigned decl) {
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        read_site *v = realloc(r->v, cap * sizeof *v);
        if (!v) return -1;
        r->v = v;
        r->cap = cap;
    }
    unsigned flen = 0;
    const char *f = at ? LLVMGetDebugLocFilename(at, &flen) : NULL;
    read_site *s = &r->v[r->n];
    s->variable = strdup(var);
    s->file = strndup(f ? f : "", flen);
    s->line = at ? LLVMGetDebugLocLine(at) : 0;
    s->kind = kind;
    s->origin = origin;
    s->decl = decl;
    if (!s->variable || !s->file) return -1;
    return (int)r->n++;
}

/* Whether S's sources include LLVM IR built outside freqsys, whose names the build
 * may have discarded. */
static int given_ir(const spec *s) {
    for (size_t i = 0; i < s->nsources; i++) {
        size_t n = strlen(s->sources[i]);
        if (n > 3 && (!strcmp(s->sources[i] + n - 3, ".bc") || !strcmp(s->sources[i] + n - 3, ".ll")))
            return 1;
    }
    return 0;
}

/* Checks that some declaration of S gives this read its values. */
static int declared(const spec *s, const char *var, const read_site *site, const char *conv, char *err,
                    size_t errlen) {
    int any = 0, indexed = 0;
    for (size_t i = 0; i < s->ninputs; i++) {
        if (s->inputs[i].target == SPEC_READ_ANY) any = 1;
        if (s->inputs[i].target == SPEC_READ_INDEX) indexed = 1;
    }
    if (any || indexed || (*var && spec_find_var(s, var))) return 0;
    if (*var)
        snprintf(err, errlen,
                 "%s:%u: error: the input read into '%s' (%s) has no declaration in %s; "
                 "add e.g. '%s ~ uniform_int(0, 100)', or 'read * ~ ...' for every read",
                 base_name(site->file), site->line, var, conv, s->path, var);
    else
        snprintf(err, errlen,
                 "%s:%u: error: an input read (%s) has no declaration in %s; add "
                 "'read N ~ ...' or 'read * ~ ...'%s",
                 base_name(site->file), site->line, conv, s->path,
                 given_ir(s)
                     ? " (IR built without -fno-discard-value-names has no variable names: rebuild it "
                       "with that flag to declare reads by name)"
                     : "");
    return TRANSFORM_ESPEC;
}

typedef struct runtime_fns {
    LLVMTypeRef int_ty, real_ty, text_ty, line_ty, getchar_ty;
    LLVMValueRef read_int, read_real, read_text, read_line, getchar_fn;
} runtime_fns;

static LLVMValueRef declare(LLVMModuleRef m, const char *name, LLVMTypeRef ty) {
    LLVMValueRef f = LLVMGetNamedFunction(m, name);
    return f ? f : LLVMAddFunction(m, name, ty);
}

static void runtime_declare(LLVMModuleRef m, runtime_fns *rt) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), dbl = LLVMDoubleTypeInContext(ctx);
    LLVMTypeRef vd = LLVMVoidTypeInContext(ctx);
    rt->int_ty = LLVMFunctionType(i64, (LLVMTypeRef[]){i32}, 1, 0);
    rt->real_ty = LLVMFunctionType(dbl, (LLVMTypeRef[]){i32}, 1, 0);
    rt->text_ty = LLVMFunctionType(vd, (LLVMTypeRef[]){i32, ptr, i64}, 3, 0);
    rt->line_ty = LLVMFunctionType(ptr, (LLVMTypeRef[]){i32, ptr, i32}, 3, 0);
    rt->getchar_ty = LLVMFunctionType(i32, (LLVMTypeRef[]){i32}, 1, 0);
    rt->read_int = declare(m, FSABI_READ_INT, rt->int_ty);
    rt->read_real = declare(m, FSABI_READ_REAL, rt->real_ty);
    rt->read_text = declare(m, FSABI_READ_TEXT, rt->text_ty);
    rt->read_line = declare(m, FSABI_READ_LINE, rt->line_ty);
    rt->getchar_fn = declare(m, FSABI_GETCHAR, rt->getchar_ty);
}

/* Bytes the destination object can hold, or -1 when that cannot be known here. */
static long long capacity_of(LLVMModuleRef m, LLVMValueRef p) {
    while (LLVMIsAGetElementPtrInst(p) ||
           (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)) {
        /* only a pointer to the object's first byte keeps the whole size */
        for (unsigned i = 1; i < (unsigned)LLVMGetNumOperands(p); i++) {
            LLVMValueRef idx = LLVMGetOperand(p, i);
            if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0) return -1;
        }
        p = LLVMGetOperand(p, 0);
    }
    LLVMTypeRef ty = NULL;
    if (LLVMIsAAllocaInst(p))
        ty = LLVMGetAllocatedType(p);
    else if (LLVMIsAGlobalVariable(p))
        ty = LLVMGlobalGetValueType(p);
    if (!ty || !LLVMTypeIsSized(ty)) return -1;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
    return (long long)LLVMABISizeOfType(td, ty);
}

static LLVMTypeRef store_type(LLVMContextRef ctx, unsigned kind) {
    switch (kind) {
    case FSABI_KIND_I8:
    case FSABI_KIND_U8:
    case FSABI_KIND_CHAR:
        return LLVMInt8TypeInContext(ctx);
    case FSABI_KIND_I16:
    case FSABI_KIND_U16:
        return LLVMInt16TypeInContext(ctx);
    case FSABI_KIND_I32:
    case FSABI_KIND_U32:
        return LLVMInt32TypeInContext(ctx);
    case FSABI_KIND_F32:
        return LLVMFloatTypeInContext(ctx);
    case FSABI_KIND_F64:
        return LLVMDoubleTypeInContext(ctx);
    default:
        return LLVMInt64TypeInContext(ctx);
    }
}

int reads_input_can_end(const spec *s) {
    int any = 0, indexed = 0;
    for (size_t i = 0; i < s->ninputs; i++) {
        any |= s->inputs[i].target == SPEC_READ_ANY;
        indexed |= s->inputs[i].target == SPEC_READ_INDEX;
    }
    return indexed && !any;
}

static int replace_scanf(LLVMModuleRef m, const spec *s, LLVMBuilderRef b, runtime_fns *rt, LLVMValueRef call,
                         unsigned fmt_arg, read_sites *out, char *err, size_t errlen) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
    unsigned line = LLVMGetDebugLocLine(call);
    unsigned flen = 0;
    const char *fname = LLVMGetDebugLocFilename(call, &flen);
    char filebuf[512];
    snprintf(filebuf, sizeof filebuf, "%.*s", (int)flen, fname ? fname : "");
    const char *file = filebuf;
    char *format = text_of_format(LLVMGetOperand(call, fmt_arg));
    if (!format) {
        snprintf(err, errlen,
                 "%s:%u: error: the scanf format is not a string constant, so its "
                 "conversions cannot be known",
                 base_name(file), line);
        return TRANSFORM_ESPEC;
    }
    scanf_conversion conv[MAX_CONVERSIONS];
    char why[256];
    int n = scanf_format_parse(format, conv, MAX_CONVERSIONS, why, sizeof why);
    free(format);
    if (n < 0) {
        snprintf(err, errlen, "%s:%u: error: %s", base_name(file ? file : ""), line, why);
        return TRANSFORM_ESPEC;
    }
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    unsigned next = fmt_arg + 1, assigned = 0;
    LLVMPositionBuilderBefore(b, call);
    for (int k = 0; k < n; k++) {
        if (conv[k].suppressed) continue;
        if (next >= nargs) {
            snprintf(err, errlen, "%s:%u: error: the format has more conversions than arguments",
                     base_name(file ? file : ""), line);
            return TRANSFORM_ESPEC;
        }
        LLVMValueRef dest = LLVMGetOperand(call, next++);
        char var[256];
        variable_of(dest, var, sizeof var);
        int site = reads_add_site(out, var, call, (unsigned)conv[k].kind, FSABI_FROM_READ, 0);
        if (site < 0) return -1;
        int rc = declared(s, var, &out->v[site], conv[k].spec, err, errlen);
        if (rc) return rc;
        LLVMValueRef sid = LLVMConstInt(i32, (unsigned)site, 0);
        if (conv[k].kind == FSABI_KIND_TEXT) {
            long long cap = capacity_of(m, dest);
            if (conv[k].width > 0 && (cap < 0 || conv[k].width + 1 < cap)) cap = conv[k].width + 1;
            LLVMBuildCall2(b, rt->text_ty, rt->read_text,
                           (LLVMValueRef[]){sid, dest, LLVMConstInt(i64, (unsigned long long)cap, 1)}, 3, "");
        } else if (conv[k].kind == FSABI_KIND_F32 || conv[k].kind == FSABI_KIND_F64) {
            LLVMValueRef v = LLVMBuildCall2(b, rt->real_ty, rt->read_real, &sid, 1, "draw");
            if (conv[k].kind == FSABI_KIND_F32) v = LLVMBuildFPTrunc(b, v, LLVMFloatTypeInContext(ctx), "");
            LLVMBuildStore(b, v, dest);
        } else {
            LLVMValueRef v = LLVMBuildCall2(b, rt->int_ty, rt->read_int, &sid, 1, "draw");
            LLVMTypeRef ty = store_type(ctx, (unsigned)conv[k].kind);
            if (ty != i64) v = LLVMBuildTrunc(b, v, ty, "");
            LLVMBuildStore(b, v, dest);
        }
        assigned++;
    }
    /* The count, or EOF when the input ended during this call (only `read N` lines
     * can make it end). Where it cannot end the count is a constant, so a test of
     * scanf's result folds and its failure branch is proven never to run. */
    if (!reads_input_can_end(s)) {
        LLVMReplaceAllUsesWith(call, LLVMConstInt(LLVMTypeOf(call), assigned, 1));
        LLVMInstructionEraseFromParent(call);
        return 0;
    }
    LLVMTypeRef rty = LLVMFunctionType(i32, &i32, 1, 0);
    LLVMValueRef result_fn = LLVMGetNamedFunction(m, FSABI_SCANF_RESULT);
    if (!result_fn) result_fn = LLVMAddFunction(m, FSABI_SCANF_RESULT, rty);
    LLVMValueRef count = LLVMConstInt(i32, assigned, 0);
    LLVMValueRef result = LLVMBuildCall2(b, rty, result_fn, &count, 1, "items");
    LLVMReplaceAllUsesWith(call, LLVMBuildIntCast2(b, result, LLVMTypeOf(call), 1, ""));
    LLVMInstructionEraseFromParent(call);
    return 0;
}

static int replace_call(LLVMModuleRef m, const spec *s, LLVMBuilderRef b, runtime_fns *rt, LLVMValueRef call,
                        read_call kind, read_sites *out, char *err, size_t errlen) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    /* Positioning the builder before CALL also gives every call we create the read's
     * source location, as the verifier requires in functions with debug info. */
    switch (kind) {
    case CALL_SCANF:
        return replace_scanf(m, s, b, rt, call, 0, out, err, errlen);
    case CALL_FSCANF:
        if (!is_stdin(LLVMGetOperand(call, 0))) return 0; /* a real file: left alone */
        return replace_scanf(m, s, b, rt, call, 1, out, err, errlen);
    case CALL_FGETC:
        if (!is_stdin(LLVMGetOperand(call, 0))) return 0;
        /* fall through */
    case CALL_GETCHAR: {
        int site = reads_add_site(out, "", call, FSABI_KIND_GETCHAR, FSABI_FROM_READ, 0);
        if (site < 0) return -1;
        int rc = declared(s, "", &out->v[site], "getchar", err, errlen);
        if (rc) return rc;
        LLVMPositionBuilderBefore(b, call);
        LLVMValueRef sid = LLVMConstInt(i32, (unsigned)site, 0);
        LLVMValueRef v = LLVMBuildCall2(b, rt->getchar_ty, rt->getchar_fn, &sid, 1, "draw");
        LLVMReplaceAllUsesWith(call, v);
        LLVMInstructionEraseFromParent(call);
        return 0;
    }
    case CALL_FGETS: {
        if (!is_stdin(LLVMGetOperand(call, 2))) return 0;
        LLVMValueRef dest = LLVMGetOperand(call, 0);
        char var[256];
        variable_of(dest, var, sizeof var);
        int site = reads_add_site(out, var, call, FSABI_KIND_LINE, FSABI_FROM_READ, 0);
        if (site < 0) return -1;
        int rc = declared(s, var, &out->v[site], "fgets", err, errlen);
        if (rc) return rc;
        LLVMPositionBuilderBefore(b, call);
        LLVMValueRef args[3] = {LLVMConstInt(i32, (unsigned)site, 0), dest, LLVMGetOperand(call, 1)};
        LLVMValueRef v = LLVMBuildCall2(b, rt->line_ty, rt->read_line, args, 3, "");
        LLVMReplaceAllUsesWith(call, v);
        LLVMInstructionEraseFromParent(call);
        return 0;
    }
    default:
        return 0;
    }
}

int reads_replace(LLVMModuleRef m, const spec *s, const ptr_map *reachable, read_sites *out, char *err,
                  size_t errlen) {
    memset(out, 0, sizeof *out);
    /* A drawn standard input (`stdin ~ ...`) is a real file at fd 0: getchar, fgets,
     * scanf and the rest then read it through the C library, EOF and all, and no
     * call is replaced. */
    if (spec_find_stdin(s)) return 0;
    runtime_fns rt;
    runtime_declare(m, &rt);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    int rc = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && !rc; fn = LLVMGetNextFunction(fn)) {
        if (ptr_map_get(reachable, fn) < 0) continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !rc; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef i = LLVMGetFirstInstruction(bb);
            while (i && !rc) {
                LLVMValueRef next = LLVMGetNextInstruction(i);
                if (LLVMIsACallInst(i)) {
                    LLVMValueRef callee = LLVMGetCalledValue(i);
                    if (LLVMIsAFunction(callee)) {
                        size_t len;
                        read_call kind = classify(LLVMGetValueName2(callee, &len));
                        if (kind != CALL_NONE) rc = replace_call(m, s, b, &rt, i, kind, out, err, errlen);
                    }
                }
                i = next;
            }
        }
    }
    LLVMDisposeBuilder(b);
    if (rc == -1) snprintf(err, errlen, "out of memory while replacing input reads");
    return rc;
}

void reads_free(read_sites *r) {
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i].variable);
        free(r->v[i].file);
    }
    free(r->v);
    memset(r, 0, sizeof *r);
}
