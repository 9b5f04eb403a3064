/* freqsys/transform/entry_args.c: matches `arg` declarations to the isolated function's parameters. */
/* SPDX-License-Identifier: MIT */
#include "entry_args.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "freqsys/abi.h"
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
        if (strlen(p->params[i].name) == len && strncmp(p->params[i].name, name, len) == 0)
            return (long long)i;
    return -1;
}

static int push(entry_plan *p, entry_arg a) {
    entry_arg *v = realloc(p->args, (p->nargs + 1) * sizeof *v);
    if (!v) return -1;
    p->args = v;
    p->args[p->nargs++] = a;
    return 0;
}

static int is_integer_kind(unsigned k) {
    return k >= FSABI_KIND_I8 && k <= FSABI_KIND_U64;
}

/* Sets A's length, a constant or another integer parameter, and adds A. */
static int array_length(const spec *s, const spec_input *in, entry_plan *p, entry_arg *a, const char *sig,
                        char *err, size_t errlen) {
    if (in->value.len_name) {
        long long L = find_param(p, in->value.len_name, strlen(in->value.len_name));
        if (L < 0 || !is_integer_kind(p->params[L].kind)) {
            spec_diagnose(s, in->value.loc, err, errlen,
                          "the length of '%s' must be an integer "
                          "parameter of %s",
                          p->params[a->param].name, sig);
            return TRANSFORM_ESPEC;
        }
        a->len_param = (unsigned)L;
    } else if (in->value.len_const > ENTRY_ARGS_MAX_ELEMENTS) {
        spec_diagnose(s, in->value.len_loc, err, errlen,
                      "%lld elements are more than the %d an argument may "
                      "have",
                      in->value.len_const, ENTRY_ARGS_MAX_ELEMENTS);
        return TRANSFORM_ESPEC;
    } else {
        a->offset = (unsigned)in->value.len_const; /* a constant length travels in offset */
    }
    return push(p, *a);
}

/* `arg p.FIELD ~ D` for A's parameter, a pointer to a struct whose DWARF type is T
 * (NULL without debug information): the field's offset, kind and elements. */
static int resolve_field(LLVMContextRef ctx, const spec *s, const spec_input *in, entry_plan *p, entry_arg *a,
                         const ctype *t, const char *field, char *err, size_t errlen) {
    const entry_param *prm = &p->params[a->param];
    char fields[512];
    ctype f;
    if (!t || t->klass != CTYPE_POINTER || t->pointee_class != CTYPE_STRUCT) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is %s, not a pointer to a struct, so it "
                      "has no field '%s'",
                      prm->name, prm->ctype, field);
        return TRANSFORM_ESPEC;
    }
    if (dwarf_type_field(ctx, t->pointee, field, &a->offset, &f, fields, sizeof fields) != 0) {
        spec_diagnose(s, in->name_loc, err, errlen, "%s has no field '%s' (its fields: %s)", prm->ctype,
                      field, fields);
        return TRANSFORM_ESPEC;
    }
    if (!(f.klass == CTYPE_SCALAR || (f.klass == CTYPE_ARRAY && f.kind && f.elem_size)) ||
        in->value.kind != SPEC_VALUE_DIST) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "field '%s' is %s: only number fields and arrays "
                      "of numbers can be drawn, with a plain distribution",
                      in->name, f.text);
        return TRANSFORM_ESPEC;
    }
    a->shape = FSABI_SHAPE_FIELD;
    a->kind = f.kind;
    a->elem_size = f.elem_size;
    a->per_item = f.klass == CTYPE_ARRAY ? f.size / f.elem_size : 1; /* an array field: every element */
    return push(p, *a);
}

/* `arg p ~ permutation(LEN)` for A's parameter, a pointer to A->kind integers (ROWS:
 * a pointer to rows, which takes none). */
static int resolve_permutation(const spec *s, const spec_input *in, entry_plan *p, entry_arg *a, int rows,
                               const char *sig, char *err, size_t errlen) {
    const entry_param *prm = &p->params[a->param];
    double lo, hi;
    if (rows || !fsabi_int_range(a->kind, &lo, &hi) || a->kind == FSABI_KIND_BOOL) {
        spec_diagnose(s, in->value.loc, err, errlen,
                      "'%s' is %s: permutation(LEN) needs a pointer to "
                      "integers",
                      prm->name, prm->ctype);
        return TRANSFORM_ESPEC;
    }
    if (!in->value.len_name && (double)(in->value.len_const - 1) > hi) {
        spec_diagnose(s, in->value.len_loc, err, errlen,
                      "permutation(%lld) holds values up to %lld, "
                      "which %s cannot hold",
                      in->value.len_const, in->value.len_const - 1, prm->ctype);
        return TRANSFORM_ESPEC;
    }
    a->shape = FSABI_SHAPE_PERMUTATION;
    return array_length(s, in, p, a, sig, err, errlen);
}

/* `arg p ~ array(LEN)` for A's parameter, a pointer to structs of STRUCT_SIZE bytes
 * (0: not a pointer to structs): LEN zeroed structs whose fields are drawn apart. */
static int resolve_structs(const spec *s, const spec_input *in, entry_plan *p, entry_arg *a,
                           unsigned struct_size, const char *sig, char *err, size_t errlen) {
    const entry_param *prm = &p->params[a->param];
    if (!struct_size) {
        spec_diagnose(s, in->value.loc, err, errlen,
                      "array(LEN) without a distribution is for a pointer "
                      "to structs, whose fields are declared apart; '%s' is %s: write array(LEN, D)",
                      prm->name, prm->ctype);
        return TRANSFORM_ESPEC;
    }
    a->shape = FSABI_SHAPE_ARRAY;
    a->kind = 0;
    a->elem_size = struct_size;
    a->per_item = 0;
    return array_length(s, in, p, a, sig, err, errlen);
}

/* Whether T (NULL: unknown) points to bytes: char, signed or unsigned char. */
static int to_bytes(const ctype *t) {
    return t && t->klass == CTYPE_POINTER && t->pointee_class != CTYPE_ARRAY &&
           (t->pointee_kind == FSABI_KIND_I8 || t->pointee_kind == FSABI_KIND_U8);
}

/* ref(length(s)): a pointer to one integer, the drawn length of s (a length passed by
 * pointer, as `size_t *len` in-out parameters take it). A pointer to rows, to a
 * floating or a boolean type, is an error at the shape. */
static int length_ref(const spec *s, const spec_input *in, entry_plan *p, entry_arg *a, int to_rows,
                      const char *sig, char *err, size_t errlen) {
    const entry_param *prm = &p->params[a->param];
    const spec_value *v = &in->value;
    if (to_rows || !is_integer_kind(a->kind) || a->kind == FSABI_KIND_BOOL) {
        spec_diagnose(s, v->loc, err, errlen,
                      "'%s' is %s: ref(length(%s)) needs a pointer to an integer type", prm->name, prm->ctype,
                      v->len_name);
        return TRANSFORM_ESPEC;
    }
    long long m = find_param(p, v->len_name, strlen(v->len_name));
    if (m < 0) {
        spec_diagnose(s, v->len_loc, err, errlen, "%s has no parameter '%s'", sig, v->len_name);
        return TRANSFORM_ESPEC;
    }
    a->shape = FSABI_SHAPE_LENGTH_REF;
    a->len_param = (unsigned)m;
    return push(p, *a);
}

/* The forms that give a pointer its bytes whole (generator, text, lines, file), an
 * integer its length (length), and a pointer zeroed memory (zeroed, buffer). T is the
 * parameter's DWARF type, NULL when unknown. */
static int resolve_whole(const spec *s, const spec_input *in, entry_plan *p, entry_arg *a, const ctype *t,
                         const char *sig, char *err, size_t errlen) {
    const entry_param *prm = &p->params[a->param];
    const spec_value *v = &in->value;
    int pointer = prm->kind == FSABI_KIND_PTR;
    switch (v->kind) {
    case SPEC_VALUE_LENGTH: {
        long long m = find_param(p, v->len_name, strlen(v->len_name));
        if (!is_integer_kind(prm->kind) || prm->kind == FSABI_KIND_BOOL) {
            spec_diagnose(s, v->loc, err, errlen,
                          "'%s' is %s: length(%s) gives an integer parameter its value", prm->name,
                          prm->ctype, v->len_name);
            return TRANSFORM_ESPEC;
        }
        if (m < 0) {
            spec_diagnose(s, v->len_loc, err, errlen, "%s has no parameter '%s'", sig, v->len_name);
            return TRANSFORM_ESPEC;
        }
        a->shape = FSABI_SHAPE_LENGTH;
        a->len_param = (unsigned)m;
        return push(p, *a);
    }
    case SPEC_VALUE_ZEROED:
        if (!pointer || !prm->pointee_size || (t && t->pointee_class == CTYPE_VOID)) {
            spec_diagnose(s, v->loc, err, errlen,
                          "'%s' is %s: zeroed needs a pointer to a type of known size%s", prm->name,
                          prm->ctype, pointer ? " (for untyped memory write buffer(BYTES))" : "");
            return TRANSFORM_ESPEC;
        }
        a->shape = FSABI_SHAPE_ZEROED;
        a->elem_size = prm->pointee_size;
        return push(p, *a);
    case SPEC_VALUE_BUFFER:
        if (!pointer) {
            spec_diagnose(s, v->loc, err, errlen, "'%s' is %s, not a pointer: buffer(%lld) does not apply",
                          prm->name, prm->ctype, v->len_const);
            return TRANSFORM_ESPEC;
        }
        a->shape = FSABI_SHAPE_BUFFER;
        a->offset = (unsigned)v->len_const;
        a->elem_size = 1;
        return push(p, *a);
    default:
        break;
    }
    /* bytes: a generator's, a text's, a file's */
    if (!to_bytes(t)) {
        spec_diagnose(s, v->loc, err, errlen,
                      "'%s' is %s: %s gives bytes, for a char or unsigned char pointer", prm->name,
                      prm->ctype, v->kind == SPEC_VALUE_GENERATOR ? "a generator" : "this form");
        return TRANSFORM_ESPEC;
    }
    a->kind = t->pointee_kind;
    a->elem_size = 1;
    if (v->kind == SPEC_VALUE_GENERATOR) {
        a->shape = v->gen_cap ? FSABI_SHAPE_GENERATOR_BYTES : FSABI_SHAPE_GENERATOR;
        a->offset = (unsigned)v->gen_cap;
    } else {
        a->shape = FSABI_SHAPE_TEXT;
    }
    return push(p, *a);
}

static int resolve(LLVMValueRef fn, const spec *s, size_t d, entry_plan *p, const ctype *types, int typed,
                   char *err, size_t errlen) {
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
    entry_arg a = {(unsigned)d, (unsigned)k, FSABI_SHAPE_VALUE, prm->kind, 0, 0, UINT32_MAX, 1};
    if (field && in->value.kind == SPEC_VALUE_DIST && dist_is_text(in->value.dist)) {
        spec_diagnose(s, in->value.loc, err, errlen,
                      "a struct's field is drawn as a number: a string-valued "
                      "distribution does not apply");
        return TRANSFORM_ESPEC;
    }
    if (field) return resolve_field(ctx, s, in, p, &a, typed ? &types[k] : NULL, field + 1, err, errlen);
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
    if (in->value.kind >= SPEC_VALUE_GENERATOR || in->value.kind == SPEC_VALUE_TEXT ||
        in->value.kind == SPEC_VALUE_LINES || in->value.kind == SPEC_VALUE_FILES)
        return resolve_whole(s, in, p, &a, typed ? &types[k] : NULL, sig, err, errlen);
    if (in->value.kind == SPEC_VALUE_DIST && dist_is_text(in->value.dist)) {
        unsigned pointee = typed && pointer ? types[k].pointee_kind : 0;
        if (!pointer || (pointee != FSABI_KIND_I8 && pointee != FSABI_KIND_U8) ||
            (typed && types[k].pointee_class == CTYPE_ARRAY)) {
            spec_diagnose(s, in->value.loc, err, errlen,
                          "'%s' is %s: a string-valued distribution needs a char "
                          "pointer",
                          prm->name, prm->ctype);
            return TRANSFORM_ESPEC;
        }
        a.kind = pointee;
        a.elem_size = 1;
        a.shape = FSABI_SHAPE_STRING;
        return push(p, a);
    }
    if (in->value.kind == SPEC_VALUE_DIST) {
        if (pointer) {
            spec_diagnose(
                s, in->name_loc, err, errlen,
                "'%s' is a pointer (%s): declare what it points "
                "to with array(LEN, D), ref(D) or string(LEN, \"chars\"), or pass null%s",
                prm->name, prm->ctype,
                typed && types[k].pointee_class == CTYPE_STRUCT ? ", or its fields ('arg p.field ~ D')" : "");
            return TRANSFORM_ESPEC;
        }
        return push(p, a);
    }
    int to_struct = pointer && typed && types[k].pointee_class == CTYPE_STRUCT;
    int to_rows = pointer && typed && types[k].pointee_class == CTYPE_ARRAY; /* int (*)[20] */
    if (in->value.kind == SPEC_VALUE_ARRAY && !in->value.dist)
        return resolve_structs(s, in, p, &a, to_struct ? types[k].pointee_size : 0, sig, err, errlen);
    unsigned elem = typed && pointer ? types[k].pointee_kind : 0;
    if (!pointer || !elem) {
        spec_diagnose(s, in->name_loc, err, errlen,
                      "'%s' is %s: array(), ref(), string() and permutation() "
                      "need a pointer to numbers or characters%s",
                      prm->name, prm->ctype,
                      to_struct ? "; for structs declare their fields ('arg p.field ~ D'), and for several "
                                  "structs their number too ('arg p ~ array(LEN)')"
                                : "");
        return TRANSFORM_ESPEC;
    }
    a.kind = elem;
    a.elem_size = to_rows ? types[k].pointee_elem_size : types[k].pointee_size;
    if (to_rows) a.per_item = types[k].pointee_size / types[k].pointee_elem_size;
    if (!a.elem_size || !a.per_item) {
        spec_diagnose(s, in->name_loc, err, errlen, "'%s' is %s, whose size is unknown", prm->name,
                      prm->ctype);
        return TRANSFORM_ESPEC;
    }
    if (in->value.kind == SPEC_VALUE_PERMUTATION)
        return resolve_permutation(s, in, p, &a, to_rows, sig, err, errlen);
    if (in->value.kind == SPEC_VALUE_REF && in->value.len_name)
        return length_ref(s, in, p, &a, to_rows, sig, err, errlen);
    if (in->value.kind == SPEC_VALUE_REF) {
        a.shape = FSABI_SHAPE_REF;
    } else if (in->value.kind == SPEC_VALUE_STRING) {
        if ((elem != FSABI_KIND_I8 && elem != FSABI_KIND_U8) || to_rows) {
            spec_diagnose(s, in->name_loc, err, errlen, "'%s' is %s: string() needs a char pointer",
                          prm->name, prm->ctype);
            return TRANSFORM_ESPEC;
        }
        a.shape = FSABI_SHAPE_STRING;
    } else {
        a.shape = FSABI_SHAPE_ARRAY;
        return array_length(s, in, p, &a, sig, err, errlen);
    }
    return push(p, a);
}

/* Parameter I of FN into Q: its name (from the IR, or the debug information when the
 * IR has none), its kind and C type (TYPED: TYPES holds the DWARF types). Returns 0,
 * TRANSFORM_ESPEC for a parameter that cannot be passed, or -1 out of memory. */
static int read_param(LLVMValueRef fn, const spec *s, unsigned i, LLVMTypeRef ir, const ctype *types,
                      int typed, entry_param *q, char *err, size_t errlen) {
    size_t len;
    const char *name = LLVMGetValueName2(LLVMGetParam(fn, i), &len);
    char source_name[128];
    if (len == 0 && dwarf_type_param_name(fn, i, source_name, sizeof source_name) == 0) {
        name = source_name; /* unnamed IR: the name the source gave it */
        len = strlen(name);
    }
    q->name = strndup(name, len);
    if (!q->name) return -1;
    int is_ptr = LLVMGetTypeKind(ir) == LLVMPointerTypeKind;
    if (typed && types[i].klass == CTYPE_SCALAR)
        q->kind = types[i].kind;
    else if (is_ptr)
        q->kind = FSABI_KIND_PTR;
    else
        q->kind = dwarf_type_kind_of_ir(ir);
    q->pointee_size = typed && is_ptr ? types[i].pointee_size : 0;
    snprintf(q->ctype, sizeof q->ctype, "%s", typed ? types[i].text : is_ptr ? "void *" : "?");
    if (!q->kind || (typed && types[i].klass == CTYPE_STRUCT)) {
        spec_diagnose(s, s->function_loc, err, errlen,
                      "parameter '%s' of '%s' is %s: only numbers "
                      "and pointers can be passed",
                      q->name, s->function, q->ctype);
        return TRANSFORM_ESPEC;
    }
    return 0;
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
        int rc = read_param(fn, s, i, irparams[i], types, typed, &p->params[i], err, errlen);
        if (rc) {
            p->nparams = i + 1; /* what entry_args_free releases */
            return rc;
        }
    }
    p->nparams = n;
    LLVMTypeRef rt = LLVMGetReturnType(fty);
    if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind)
        p->return_kind = 0;
    else if (LLVMGetTypeKind(rt) == LLVMPointerTypeKind)
        p->return_kind = FSABI_KIND_PTR;
    else if (typed && ret.klass == CTYPE_SCALAR)
        p->return_kind = ret.kind;
    else
        p->return_kind = dwarf_type_kind_of_ir(rt);
    if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && !p->return_kind) {
        spec_diagnose(s, s->function_loc, err, errlen,
                      "'%s' returns a struct or another type that "
                      "cannot be called here",
                      s->function);
        return TRANSFORM_ESPEC;
    }

    for (size_t d = 0; d < s->ninputs; d++) {
        if (s->inputs[d].target != SPEC_ARG) continue;
        int rc = resolve(fn, s, d, p, types, typed, err, errlen);
        if (rc) return rc;
    }
    for (size_t i = 0; i < p->nparams; i++) {
        int declared = 0;
        const entry_arg *whole = NULL, *field = NULL; /* its declaration, and one of its fields */
        for (size_t k = 0; k < p->nargs; k++) {
            const entry_arg *a = &p->args[k];
            if (a->param != i) continue;
            declared = 1;
            if (a->shape == FSABI_SHAPE_FIELD) {
                field = a;
                continue;
            }
            if (whole) {
                spec_diagnose(s, s->inputs[a->decl].loc, err, errlen,
                              "parameter '%s' is declared twice "
                              "(first on line %d)",
                              p->params[i].name, s->inputs[whole->decl].loc.line);
                return TRANSFORM_ESPEC;
            }
            whole = a;
        }
        if (whole && field && whole->per_item != 0) {
            spec_diagnose(s, s->inputs[whole->decl].loc, err, errlen,
                          "'%s' has its fields declared (line %d); "
                          "the only other declaration it takes is their number, 'arg %s ~ array(LEN)'",
                          p->params[i].name, s->inputs[field->decl].loc.line, p->params[i].name);
            return TRANSFORM_ESPEC;
        }
        if (whole && !field && whole->per_item == 0) {
            spec_diagnose(s, s->inputs[whole->decl].loc, err, errlen,
                          "'%s' ~ array(LEN) makes LEN zeroed "
                          "structs; declare the fields to draw ('arg %s.FIELD ~ D')",
                          p->params[i].name, p->params[i].name);
            return TRANSFORM_ESPEC;
        }
        if (!declared) {
            char sig[512];
            signature_text(fn, p, sig, sizeof sig);
            spec_diagnose(s, s->function_loc, err, errlen,
                          "parameter '%s' (%s) has no 'arg' declaration; "
                          "every parameter needs one: %s",
                          p->params[i].name, p->params[i].ctype, sig);
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
