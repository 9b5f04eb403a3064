/* freqsys/transform/entry_args.c: matches `arg` declarations to the isolated function's parameters. */
/* SPDX-License-Identifier: MIT */
#include "entry_args.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "abi.h"
#include "dwarf_type.h"
#include "transform.h"

#define MAX_PARAMS 64

static void signature_text(LLVMValueRef fn, const entry_plan *p, char *buf, size_t size) {
    size_t len;
    size_t n = (size_t)snprintf(buf, size, "%s(", LLVMGetValueName2(fn, &len));
    for (size_t i = 0; i < p->nparams && n < size; i++) {
        const char *t = p->params[i].ctype;
        int glue = t[0] && t[strlen(t) - 1] == '*';
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", i ? ", " : "", t, glue ? "" : " ",
                              p->params[i].name);
    }
    if (n < size) snprintf(buf + n, size - n, ")");
}

static long long find_param(const entry_plan *p, const char *name, size_t len) {
    for (size_t i = 0; i < p->nparams; i++)
        if (strlen(p->params[i].name) == len && strncmp(p->params[i].name, name, len) == 0) return (long long)i;
    return -1;
}

static int push(entry_plan *p, entry_arg a) {
    entry_arg *v = realloc(p->args, (p->nargs + 1) * sizeof *v);
    if (!v) return -1;
    p->args = v;
    p->args[p->nargs++] = a;
    return 0;
}

static int is_integer_kind(unsigned k) { return k >= FSABI_KIND_I8 && k <= FSABI_KIND_U64; }

static int resolve(LLVMValueRef fn, const spec *s, size_t d, entry_plan *p, const ctype *types,
                   int typed, char *err, size_t errlen) {
    const spec_input *in = &s->inputs[d];
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
    long long k;
    const char *field = NULL;
    char sig[512];
    signature_text(fn, p, sig, sizeof sig);
    if (in->name) {
        field = strchr(in->name, '.');
        k = find_param(p, in->name, field ? (size_t)(field - in->name) : strlen(in->name));
        if (k < 0) {
            spec_diagnose(s, in->name_loc, err, errlen, "%s has no parameter '%.*s'", sig,
                          field ? (int)(field - in->name) : (int)strlen(in->name), in->name);
            return TRANSFORM_ESPEC;
        }
    } else {
        k = in->index;
        if (k < 0 || (size_t)k >= p->nparams) {
            spec_diagnose(s, in->name_loc, err, errlen, "%s has %zu parameter%s; index %lld is out of range",
                          sig, p->nparams, p->nparams == 1 ? "" : "s", (long long)in->index);
            return TRANSFORM_ESPEC;
        }
    }
    const entry_param *prm = &p->params[k];
    entry_arg a = {(unsigned)d, (unsigned)k, FSABI_SHAPE_VALUE, prm->kind, 0, 0, UINT32_MAX};
    if (field) {
        char fields[512];
        ctype f;
        if (!typed || types[k].klass != CTYPE_POINTER || types[k].pointee_class != CTYPE_STRUCT) {
            spec_diagnose(s, in->name_loc, err, errlen, "'%s' is %s, not a pointer to a struct, so it "
                          "has no field '%s'", prm->name, prm->ctype, field + 1);
            return TRANSFORM_ESPEC;
        }
        if (dwarf_type_field(ctx, types[k].pointee, field + 1, &a.offset, &f, fields, sizeof fields) != 0) {
            spec_diagnose(s, in->name_loc, err, errlen, "%s has no field '%s' (its fields: %s)",
                          prm->ctype, field + 1, fields);
            return TRANSFORM_ESPEC;
        }
        if (f.klass != CTYPE_SCALAR || in->value.kind != SPEC_VALUE_DIST) {
            spec_diagnose(s, in->name_loc, err, errlen, "field '%s' is %s: only number fields can be "
                          "drawn, with a plain distribution", in->name, f.text);
            return TRANSFORM_ESPEC;
        }
        a.shape = FSABI_SHAPE_FIELD;
        a.kind = f.kind;
        return push(p, a);
    }
    int pointer = prm->kind == FSABI_KIND_PTR;
    if (in->value.kind == SPEC_VALUE_NULL) {
        if (!pointer) {
            spec_diagnose(s, in->value.loc, err, errlen, "'%s' is %s, not a pointer: null does not apply",
                          prm->name, prm->ctype);
            return TRANSFORM_ESPEC;
        }
        a.shape = FSABI_SHAPE_NULL;
        return push(p, a);
    }
    if (in->value.kind == SPEC_VALUE_DIST) {
        if (pointer) {
            spec_diagnose(s, in->name_loc, err, errlen, "'%s' is a pointer (%s): declare what it points "
                          "to with array(LEN, D), ref(D) or string(LEN, \"chars\"), or pass null%s", prm->name, prm->ctype,
                          typed && types[k].pointee_class == CTYPE_STRUCT ? ", or its fields ('arg p.field ~ D')" : "");
            return TRANSFORM_ESPEC;
        }
        return push(p, a);
    }
    unsigned elem = typed && pointer ? types[k].pointee_kind : 0;
    if (!pointer || !elem) {
        spec_diagnose(s, in->name_loc, err, errlen, "'%s' is %s: array(), ref() and string() need a "
                      "pointer to numbers or characters", prm->name, prm->ctype);
        return TRANSFORM_ESPEC;
    }
    a.kind = elem;
    a.elem_size = types[k].pointee_size;
    if (in->value.kind == SPEC_VALUE_REF) {
        a.shape = FSABI_SHAPE_REF;
    } else if (in->value.kind == SPEC_VALUE_STRING) {
        if (elem != FSABI_KIND_I8 && elem != FSABI_KIND_U8) {
            spec_diagnose(s, in->name_loc, err, errlen, "'%s' is %s: string() needs a char pointer",
                          prm->name, prm->ctype);
            return TRANSFORM_ESPEC;
        }
        a.shape = FSABI_SHAPE_STRING;
    } else {
        a.shape = FSABI_SHAPE_ARRAY;
        if (in->value.len_name) {
            long long L = find_param(p, in->value.len_name, strlen(in->value.len_name));
            if (L < 0 || !is_integer_kind(p->params[L].kind)) {
                spec_diagnose(s, in->value.loc, err, errlen, "the length of '%s' must be an integer "
                              "parameter of %s", prm->name, sig);
                return TRANSFORM_ESPEC;
            }
            a.len_param = (unsigned)L;
        } else {
            a.offset = (unsigned)in->value.len_const;   /* a constant length travels in offset */
        }
    }
    return push(p, a);
}

int entry_args_plan(LLVMValueRef fn, const spec *s, entry_plan *p, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    unsigned n = LLVMCountParams(fn);
    ctype types[MAX_PARAMS], ret;
    if (n > MAX_PARAMS) {
        spec_diagnose(s, s->function_loc, err, errlen, "'%s' has %u parameters; at most %d are supported",
                      s->function, n, MAX_PARAMS);
        return TRANSFORM_ESPEC;
    }
    int typed = dwarf_type_params(fn, types, MAX_PARAMS, &ret) == (int)n;
    p->params = calloc(n + 1, sizeof *p->params);
    if (!p->params) return -1;
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    LLVMTypeRef irparams[MAX_PARAMS];
    LLVMGetParamTypes(fty, irparams);
    for (unsigned i = 0; i < n; i++) {
        entry_param *q = &p->params[i];
        size_t len;
        const char *name = LLVMGetValueName2(LLVMGetParam(fn, i), &len);
        q->name = strndup(name, len);
        if (!q->name) return -1;
        int is_ptr = LLVMGetTypeKind(irparams[i]) == LLVMPointerTypeKind;
        if (typed && types[i].klass == CTYPE_SCALAR) q->kind = types[i].kind;
        else if (is_ptr) q->kind = FSABI_KIND_PTR;
        else q->kind = dwarf_type_kind_of_ir(irparams[i]);
        q->pointee_size = typed && is_ptr ? types[i].pointee_size : 0;
        snprintf(q->ctype, sizeof q->ctype, "%s", typed ? types[i].text : is_ptr ? "void *" : "?");
        if (!q->kind || (typed && types[i].klass == CTYPE_STRUCT)) {
            spec_diagnose(s, s->function_loc, err, errlen, "parameter '%s' of '%s' is %s: only numbers "
                          "and pointers can be passed", q->name, s->function, q->ctype);
            p->nparams = i + 1;
            return TRANSFORM_ESPEC;
        }
    }
    p->nparams = n;
    LLVMTypeRef rt = LLVMGetReturnType(fty);
    if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind) p->return_kind = 0;
    else if (LLVMGetTypeKind(rt) == LLVMPointerTypeKind) p->return_kind = FSABI_KIND_PTR;
    else if (typed && ret.klass == CTYPE_SCALAR) p->return_kind = ret.kind;
    else p->return_kind = dwarf_type_kind_of_ir(rt);
    if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && !p->return_kind) {
        spec_diagnose(s, s->function_loc, err, errlen, "'%s' returns a struct or another type that "
                      "cannot be called here", s->function);
        return TRANSFORM_ESPEC;
    }

    for (size_t d = 0; d < s->ninputs; d++) {
        if (s->inputs[d].target != SPEC_ARG) continue;
        int rc = resolve(fn, s, d, p, types, typed, err, errlen);
        if (rc) return rc;
    }
    for (size_t i = 0; i < p->nparams; i++) {
        int declared = 0;
        for (size_t k = 0; k < p->nargs; k++) {
            if (p->args[k].param != i) continue;
            if (declared && p->args[k].shape != FSABI_SHAPE_FIELD) {
                spec_diagnose(s, s->inputs[p->args[k].decl].loc, err, errlen,
                              "parameter '%s' is declared twice", p->params[i].name);
                return TRANSFORM_ESPEC;
            }
            declared = 1;
        }
        if (!declared) {
            char sig[512];
            signature_text(fn, p, sig, sizeof sig);
            spec_diagnose(s, s->function_loc, err, errlen, "parameter '%s' (%s) has no 'arg' declaration; "
                          "every parameter needs one: %s", p->params[i].name, p->params[i].ctype, sig);
            return TRANSFORM_ESPEC;
        }
    }
    return 0;
}

void entry_args_free(entry_plan *p) {
    for (size_t i = 0; i < p->nparams; i++) free(p->params[i].name);
    free(p->params);
    free(p->args);
    memset(p, 0, sizeof *p);
}
