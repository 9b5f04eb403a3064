/* freqsys/runtime/entry_call.c: draws the isolated function's arguments and calls it once. */
/* SPDX-License-Identifier: MIT */
#include "entry_call.h"

#include <ffi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "call_dump.h"
#include "drawn_text.h"
#include "gen_draws.h"
#include "trial_draws.h"

#define MAX_ELEMENTS (1u << 26) /* an array longer than this is a spec error, not a test */

typedef runtime_value slot;

typedef struct entry_call_buffer buffer;

/* entry_call.c's part of the module's runtime state (runtime_state.h). */
static runtime_state_entry_call *const call = &runtime_state_object.entry_call;

static ffi_type *ffi_of(uint32_t kind) {
    switch (kind) {
    case FSABI_KIND_I8:
    case FSABI_KIND_CHAR:
        return &ffi_type_sint8;
    case FSABI_KIND_U8:
    case FSABI_KIND_BOOL:
        return &ffi_type_uint8;
    case FSABI_KIND_I16:
        return &ffi_type_sint16;
    case FSABI_KIND_U16:
        return &ffi_type_uint16;
    case FSABI_KIND_I32:
        return &ffi_type_sint32;
    case FSABI_KIND_U32:
        return &ffi_type_uint32;
    case FSABI_KIND_I64:
        return &ffi_type_sint64;
    case FSABI_KIND_U64:
        return &ffi_type_uint64;
    case FSABI_KIND_F32:
        return &ffi_type_float;
    case FSABI_KIND_F64:
        return &ffi_type_double;
    case FSABI_KIND_PTR:
        return &ffi_type_pointer;
    default:
        return NULL;
    }
}

int entry_call_prepare(const fsabi_module *mod, const spec *s, char *err, size_t errlen) {
    size_t n = mod->nparams;
    call->mod = mod;
    call->spec = s;
    call->types = calloc(n + 1, sizeof *call->types);
    call->argp = calloc(n + 1, sizeof *call->argp);
    call->values = calloc(n + 1, sizeof *call->values);
    call->buffers = calloc(n + 1, sizeof *call->buffers);
    call->dists = calloc(mod->nargs + 1, sizeof *call->dists);
    call->items = calloc(n + 1, sizeof *call->items);
    call->lengths = calloc(n + 1, sizeof *call->lengths);
    call->texts = calloc(n + 1, sizeof *call->texts);
    call->generators = calloc(mod->nargs + 1, sizeof *call->generators);
    if (!call->types || !call->argp || !call->values || !call->buffers || !call->dists || !call->items ||
        !call->lengths || !call->texts || !call->generators) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        call->types[i] = ffi_of(mod->params[i].kind);
        call->argp[i] = &call->values[i];
        if (!call->types[i]) {
            snprintf(err, errlen, "parameter '%s' (%s) cannot be passed", mod->params[i].name,
                     mod->params[i].ctype);
            return -1;
        }
    }
    for (size_t k = 0; k < mod->nargs; k++) {
        if (mod->args[k].decl >= s->ninputs) {
            snprintf(err, errlen, "the instrumented module does not match the spec");
            return -1;
        }
        const spec_value *v = &s->inputs[mod->args[k].decl].value;
        call->dists[k] = v->dist;
        if (mod->args[k].shape != FSABI_SHAPE_GENERATOR && mod->args[k].shape != FSABI_SHAPE_GENERATOR_BYTES)
            continue;
        if (!(call->generators[k] = gen_draws_find(v->gen_name))) {
            snprintf(err, errlen, "the instrumented module has no generator '%s'", v->gen_name);
            return -1;
        }
    }
    /* libffi stays as a second way to make the same call, which the tests compare */
    call->through_ffi = getenv("FREQSYS_CALL_LIBFFI") != NULL;
    ffi_type *ret = mod->return_kind ? ffi_of((uint32_t)mod->return_kind) : &ffi_type_void;
    if (!ret || ffi_prep_cif(&call->cif, FFI_DEFAULT_ABI, (unsigned)n, ret, call->types) != FFI_OK) {
        snprintf(err, errlen, "libffi cannot describe the call of %s", s->function);
        return -1;
    }
    return 0;
}

static const char *param_name(uint32_t param) {
    return call->mod->params[param].name;
}

static void *room(uint32_t param, size_t bytes) {
    buffer *b = &call->buffers[param];
    if (bytes == 0) bytes = 1; /* a valid pointer even for an empty array */
    if (bytes > b->cap) {
        unsigned char *p = realloc(b->bytes, bytes);
        if (!p) runtime_fail("out of memory for argument '%s' (%zu bytes)", param_name(param), bytes);
        b->bytes = p;
        b->cap = bytes;
    }
    call->values[param].p = b->bytes;
    return b->bytes;
}

static void store(const fsabi_arg *a, double v, void *at, const char *what) {
    if (runtime_convert(v, a->kind, at) != 0)
        runtime_fail("argument %s (%s): the drawn value %.17g does not fit", what,
                     call->mod->params[a->param].ctype, v);
}

/* The integer value a length parameter got this call-> */
static long long int_value(uint32_t param) {
    const slot *v = &call->values[param];
    switch (call->mod->params[param].kind) {
    case FSABI_KIND_I8:
        return v->i8;
    case FSABI_KIND_U8:
        return v->u8;
    case FSABI_KIND_I16:
        return v->i16;
    case FSABI_KIND_U16:
        return v->u16;
    case FSABI_KIND_I32:
        return v->i32;
    case FSABI_KIND_U32:
        return v->u32;
    case FSABI_KIND_U64:
        return v->u64 > (uint64_t)MAX_ELEMENTS ? MAX_ELEMENTS + 1LL : (long long)v->u64;
    default:
        return v->i64;
    }
}

/* The number of items an ARRAY or PERMUTATION argument has this call-> */
static size_t length_of(const fsabi_arg *a, const char *name) {
    long long len = a->len_param == UINT32_MAX ? (long long)a->offset : int_value(a->len_param);
    unsigned per = a->per_item ? a->per_item : 1;
    if (len < 0 || len > MAX_ELEMENTS / per)
        runtime_fail("argument '%s': length %lld (from '%s') is not a valid array length", name, len,
                     a->len_param == UINT32_MAX ? "the constant" : param_name(a->len_param));
    return (size_t)len;
}

/* LEN values 0 .. LEN-1 in a uniformly random order, from D = uniform(0, 1): the
 * shuffle that builds the order from the front, element i trading places with one of
 * 0 .. i, each choice equally likely. */
static void permute(const fsabi_arg *a, const dist *d, const char *name) {
    size_t len = length_of(a, name);
    if (len > call->order_cap) {
        long long *o = realloc(call->order, len * sizeof *o);
        if (!o) runtime_fail("out of memory for argument '%s' (%zu elements)", name, len);
        call->order = o;
        call->order_cap = len;
    }
    for (size_t i = 0; i < len; i++) {
        size_t j = (size_t)(runtime_draw(d, name) * (double)(i + 1));
        if (j > i) j = i; /* u < 1, so only rounding could reach i + 1 */
        call->order[i] = call->order[j];
        call->order[j] = (long long)i;
    }
    unsigned char *p = room(a->param, len * a->elem_size);
    for (size_t i = 0; i < len; i++) store(a, (double)call->order[i], p + i * a->elem_size, name);
}

/* A copy of what the generator `const char *NAME(void)` returns: the program may
 * write into its argument, and the generator may return the same buffer each time. */
static void generate_string(const fsabi_arg *a, void *fn, const char *name) {
    const char *(*make)(void) = (const char *(*)(void))fn;
    const char *got = make();
    if (!got) runtime_fail("argument '%s': the generator returned NULL, not a string", name);
    size_t len = strlen(got);
    if (len > MAX_ELEMENTS)
        runtime_fail("argument '%s': the generator's string has %zu bytes, too many", name, len);
    char *p = room(a->param, len + 1);
    memcpy(p, got, len + 1);
    call->lengths[a->param] = len;
    runtime_record(name, (double)len);
}

/* The bytes `size_t NAME(unsigned char *buf, size_t cap)` writes into a zeroed buffer
 * of CAP bytes (one more holds a NUL after them, for code that stops at one). */
static void generate_bytes(const fsabi_arg *a, void *fn, const char *name) {
    size_t (*make)(unsigned char *, size_t) = (size_t (*)(unsigned char *, size_t))fn;
    size_t cap = a->offset;
    unsigned char *p = room(a->param, cap + 1);
    memset(p, 0, cap + 1);
    size_t len = make(p, cap);
    if (len > cap)
        runtime_fail("argument '%s': the generator says it wrote %zu bytes into a buffer of %zu", name, len,
                     cap);
    p[len] = 0;
    call->lengths[a->param] = len;
    runtime_record(name, (double)len);
}

static void fill(const fsabi_arg *a, const dist *d, void *generator, gsl_rng *r) {
    const spec_input *in = &call->spec->inputs[a->decl];
    const char *name = param_name(a->param);
    switch (a->shape) {
    case FSABI_SHAPE_TEXT: { /* text(...), lines(...), file(...) */
        drawn_text *t = &call->texts[a->param];
        drawn_text_build(&in->value, r, name, t);
        char *p = room(a->param, t->len + 1);
        if (t->len) memcpy(p, t->data, t->len);
        p[t->len] = '\0';
        call->lengths[a->param] = t->len;
        break;
    }
    case FSABI_SHAPE_GENERATOR:
        generate_string(a, generator, name);
        break;
    case FSABI_SHAPE_GENERATOR_BYTES:
        generate_bytes(a, generator, name);
        break;
    case FSABI_SHAPE_BUFFER:
        memset(room(a->param, a->offset), 0, a->offset);
        call->lengths[a->param] = a->offset;
        break;
    case FSABI_SHAPE_ARRAY: {
        size_t len = length_of(a, name);
        call->lengths[a->param] = len;
        if (a->per_item == 0) { /* structs: zeroed here, their fields drawn afterwards */
            memset(room(a->param, len * a->elem_size), 0, len * a->elem_size);
            call->items[a->param] = len;
            break;
        }
        size_t n = len * a->per_item; /* int (*)[20]: LEN rows of 20 */
        unsigned char *p = room(a->param, n * a->elem_size);
        for (size_t i = 0; i < n; i++) store(a, runtime_draw(d, name), p + i * a->elem_size, name);
        break;
    }
    case FSABI_SHAPE_PERMUTATION:
        permute(a, d, name);
        call->lengths[a->param] = length_of(a, name);
        break;
    case FSABI_SHAPE_REF: {
        unsigned char *p = room(a->param, (size_t)a->per_item * a->elem_size);
        for (uint32_t i = 0; i < a->per_item; i++)
            store(a, runtime_draw(d, name), p + i * a->elem_size, name);
        break;
    }
    case FSABI_SHAPE_STRING: {
        if (dist_is_text(d)) { /* choice("A", "B"), format(...): drawn whole */
            dist_bytes t = {0};
            if (dist_sample_text(d, r, &t) < 0 || t.len > MAX_ELEMENTS) {
                dist_bytes_free(&t);
                runtime_fail("argument '%s': out of memory for a drawn string", name);
            }
            char *p = room(a->param, t.len + 1);
            if (t.len) memcpy(p, t.data, t.len);
            p[t.len] = '\0';
            call->lengths[a->param] = t.len;
            runtime_record(name, (double)t.len);
            dist_bytes_free(&t);
            break;
        }
        double L = runtime_draw(d, name);
        if (!(L >= 0 && L <= MAX_ELEMENTS))
            runtime_fail("argument '%s': the drawn string length %.17g is not valid", name, L);
        size_t len = (size_t)L;
        char *p = room(a->param, len + 1);
        if (in->value.chars) /* string(LEN, CHAR_D): each character a code drawn from CHAR_D */
            for (size_t i = 0; i < len; i++) p[i] = (char)(unsigned char)dist_sample(in->value.chars, r);
        else
            for (size_t i = 0; i < len; i++)
                p[i] = in->value.charset[gsl_rng_uniform_int(r, in->value.charset_len)];
        p[len] = '\0';
        call->lengths[a->param] = len;
        break;
    }
    case FSABI_SHAPE_FIELD: { /* in every struct the parameter points to; each element of an array field */
        size_t stride = call->mod->params[a->param].pointee_size;
        unsigned char *base = (unsigned char *)call->values[a->param].p + a->offset;
        for (size_t k = 0; k < call->items[a->param]; k++)
            for (uint32_t i = 0; i < a->per_item; i++)
                store(a, runtime_draw(d, in->name), base + k * stride + i * a->elem_size, in->name);
        break;
    }
    case FSABI_SHAPE_NULL:
        call->values[a->param].p = NULL;
        break;
    default:
        break;
    }
}

void entry_call(gsl_rng *r) {
    const fsabi_module *mod = call->mod;
    for (uint64_t k = 0; k < mod->nargs; k++) {
        const fsabi_arg *a = &mod->args[k];
        if (a->shape == FSABI_SHAPE_VALUE)
            store(a, runtime_draw(call->dists[k], param_name(a->param)), &call->values[a->param],
                  param_name(a->param));
    }
    /* What a pointer points to starts zeroed (a struct's undeclared fields stay 0). */
    for (uint64_t i = 0; i < mod->nparams; i++) {
        call->items[i] = 1;
        if (mod->params[i].kind == FSABI_KIND_PTR && mod->params[i].pointee_size)
            memset(room((uint32_t)i, mod->params[i].pointee_size), 0, mod->params[i].pointee_size);
    }
    /* Fields last: an array of structs is allocated before its fields are drawn. */
    for (uint64_t k = 0; k < mod->nargs; k++) {
        uint32_t shape = mod->args[k].shape;
        if (shape != FSABI_SHAPE_VALUE && shape != FSABI_SHAPE_FIELD && shape != FSABI_SHAPE_LENGTH &&
            shape != FSABI_SHAPE_LENGTH_REF)
            fill(&mod->args[k], call->dists[k], call->generators[k], r);
    }
    for (uint64_t k = 0; k < mod->nargs; k++)
        if (mod->args[k].shape == FSABI_SHAPE_FIELD) fill(&mod->args[k], call->dists[k], NULL, r);
    /* Lengths once what they measure is drawn; they draw nothing themselves. */
    for (uint64_t k = 0; k < mod->nargs; k++) {
        const fsabi_arg *a = &mod->args[k];
        if (a->shape == FSABI_SHAPE_LENGTH)
            store(a, (double)call->lengths[a->len_param], &call->values[a->param], param_name(a->param));
        else if (a->shape == FSABI_SHAPE_LENGTH_REF) /* a fresh one each call: the callee may write it */
            store(a, (double)call->lengths[a->len_param], room(a->param, a->elem_size), param_name(a->param));
    }
    if (call_dump_active()) call_dump_write();
    /* Both calls give the entry its exact parameter types (a call through any one
     * fixed C prototype would be undefined for every other signature); call_entry,
     * made for this entry by the transform, is the faster. */
    if (!call->through_ffi) {
        mod->call_entry(call->argp);
        return;
    }
    union {
        ffi_arg word;
        double d;
        float f;
        void *p;
        unsigned char bytes[16];
    } ret;
    ffi_call(&call->cif, FFI_FN(mod->entry), &ret, call->argp);
}
