/* freqsys/runtime/call_dump.c: `freqsys draw` in function mode: each call's drawn arguments written as files.
 */
/* SPDX-License-Identifier: MIT */
#include "call_dump.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "runtime_state.h"
#include "trial_draws.h"

#define LISTED_BYTES 256 /* a longer string is listed this far; its file has it whole */
#define LISTED_ITEMS 64  /* the same for an array's elements */

static runtime_state_call_dump *const dump = &runtime_state_object.call_dump;
static const runtime_state_entry_call *const call = &runtime_state_object.entry_call;
static const runtime_state_runtime *const rt = &runtime_state_object.runtime;

int call_dump_start(const char *dir, uint64_t trial) {
    if (strlen(dir) + 128 > sizeof dump->dir) return -1; /* room for the file's own name */
    snprintf(dump->dir, sizeof dump->dir, "%s", dir);
    dump->trial = trial;
    dump->call = 0;
    /* the short path draws ahead and calls without entry_call, which writes the
     * files: off, once, rather than a test in every trial of every run */
    runtime_state_object.plain_calls.enabled = 0;
    return 0;
}

int call_dump_active(void) {
    return dump->dir[0] != '\0';
}

static size_t kind_size(uint32_t kind) {
    switch (kind) {
    case FSABI_KIND_I8:
    case FSABI_KIND_U8:
    case FSABI_KIND_BOOL:
    case FSABI_KIND_CHAR:
        return 1;
    case FSABI_KIND_I16:
    case FSABI_KIND_U16:
        return 2;
    case FSABI_KIND_I32:
    case FSABI_KIND_U32:
    case FSABI_KIND_F32:
        return 4;
    default:
        return 8;
    }
}

/* The value of KIND at AT, as C prints it. */
static void put_value(FILE *f, uint32_t kind, const void *at) {
    runtime_value v;
    memcpy(&v, at, kind_size(kind));
    switch (kind) {
    case FSABI_KIND_I8:
    case FSABI_KIND_CHAR:
        fprintf(f, "%d", v.i8);
        break;
    case FSABI_KIND_U8:
    case FSABI_KIND_BOOL:
        fprintf(f, "%u", v.u8);
        break;
    case FSABI_KIND_I16:
        fprintf(f, "%d", v.i16);
        break;
    case FSABI_KIND_U16:
        fprintf(f, "%u", v.u16);
        break;
    case FSABI_KIND_I32:
        fprintf(f, "%d", v.i32);
        break;
    case FSABI_KIND_U32:
        fprintf(f, "%u", v.u32);
        break;
    case FSABI_KIND_U64:
        fprintf(f, "%llu", (unsigned long long)v.u64);
        break;
    case FSABI_KIND_F32:
        fprintf(f, "%.9g", v.f);
        break;
    case FSABI_KIND_F64:
        fprintf(f, "%.17g", v.d);
        break;
    default:
        fprintf(f, "%lld", (long long)v.i64);
        break;
    }
}

/* N bytes at P as a C string literal, cut at LISTED_BYTES. */
static void put_string(FILE *f, const unsigned char *p, size_t n) {
    fputc('"', f);
    for (size_t i = 0; i < n && i < LISTED_BYTES; i++) {
        unsigned c = p[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c == '\r')
            fputs("\\r", f);
        else if (c >= 0x20 && c < 0x7f)
            fputc((int)c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
    fputs(n > LISTED_BYTES ? "\"..." : "\"", f);
}

/* The declaration that shapes parameter P, or NULL when only its fields are
 * declared (a struct the runtime zeroed). */
static const fsabi_arg *shape_of(uint32_t p) {
    for (uint64_t k = 0; k < call->mod->nargs; k++)
        if (call->mod->args[k].param == p && call->mod->args[k].shape != FSABI_SHAPE_FIELD)
            return &call->mod->args[k];
    return NULL;
}

/* The bytes parameter P points to this call (A its shape, NULL for fields alone). */
static size_t pointee_bytes(uint32_t p, const fsabi_arg *a) {
    const fsabi_param *prm = &call->mod->params[p];
    if (!a) return (size_t)prm->pointee_size * call->items[p];
    switch (a->shape) {
    case FSABI_SHAPE_STRING:
    case FSABI_SHAPE_TEXT:
    case FSABI_SHAPE_GENERATOR:
    case FSABI_SHAPE_GENERATOR_BYTES:
        return call->lengths[p];
    case FSABI_SHAPE_BUFFER:
        return a->offset;
    case FSABI_SHAPE_ARRAY:
        return a->per_item ? call->lengths[p] * a->per_item * a->elem_size
                           : call->items[p] * prm->pointee_size;
    case FSABI_SHAPE_PERMUTATION:
        return call->lengths[p] * a->elem_size;
    case FSABI_SHAPE_REF:
        return (size_t)a->per_item * a->elem_size;
    case FSABI_SHAPE_LENGTH_REF:
        return a->elem_size;
    case FSABI_SHAPE_ZEROED:
        return prm->pointee_size;
    default:
        return 0;
    }
}

static FILE *open_or_fail(const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) runtime_fail("freqsys draw: cannot write %s: %s", path, strerror(errno));
    return f;
}

static void close_or_fail(FILE *f, const char *path) {
    int failed = ferror(f);
    if (fclose(f) != 0 || failed) runtime_fail("freqsys draw: cannot write %s", path);
}

/* One pointer parameter's line of the listing, and its bytes in a file of their own. */
static void put_pointer(FILE *list, uint32_t p, const char *stem, const char *name) {
    const fsabi_arg *a = shape_of(p);
    const unsigned char *at = call->values[p].p;
    if (!at) {
        fprintf(list, "%s = NULL\n", name);
        return;
    }
    size_t n = pointee_bytes(p, a);
    char path[sizeof dump->dir + 256];
    snprintf(path, sizeof path, "%s.%s", stem, name);
    FILE *raw = open_or_fail(path);
    if (n && fwrite(at, 1, n, raw) != n) runtime_fail("freqsys draw: cannot write %s", path);
    close_or_fail(raw, path);
    const char *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    uint32_t shape = a ? a->shape : FSABI_SHAPE_FIELD;
    if (shape == FSABI_SHAPE_STRING || shape == FSABI_SHAPE_TEXT || shape == FSABI_SHAPE_GENERATOR ||
        shape == FSABI_SHAPE_GENERATOR_BYTES) {
        fprintf(list, "%s = ", name);
        put_string(list, at, n);
        fprintf(list, " (%zu bytes, in %s)\n", n, file);
    } else if ((shape == FSABI_SHAPE_ARRAY && a->per_item) || shape == FSABI_SHAPE_PERMUTATION ||
               shape == FSABI_SHAPE_REF || shape == FSABI_SHAPE_LENGTH_REF) {
        size_t items = a->elem_size ? n / a->elem_size : 0; /* every element has a size */
        fprintf(list, "%s -> {", name);
        for (size_t i = 0; i < items && i < LISTED_ITEMS; i++) {
            if (i) fputs(", ", list);
            put_value(list, a->kind, at + i * a->elem_size);
        }
        fprintf(list, "%s} (%zu element%s, in %s)\n", items > LISTED_ITEMS ? ", ..." : "", items,
                items == 1 ? "" : "s", file);
    } else {
        fprintf(list, "%s -> %zu bytes (in %s)\n", name, n, file);
    }
}

void call_dump_write(void) {
    const fsabi_module *mod = call->mod;
    unsigned long long c = ++dump->call;
    char stem[sizeof dump->dir + 64], path[sizeof dump->dir + 128];
    snprintf(stem, sizeof stem, "%s/trial-%06llu-call-%03llu", dump->dir, (unsigned long long)dump->trial, c);
    snprintf(path, sizeof path, "%s.txt", stem);
    FILE *list = open_or_fail(path);
    fprintf(list, "# %s, trial %llu, call %llu of %llu%s\n", call->spec->function,
            (unsigned long long)dump->trial, c, rt->calls, c <= rt->warmup ? " (warm-up: not counted)" : "");
    for (uint32_t p = 0; p < mod->nparams; p++) {
        char unnamed[32];
        const char *name = mod->params[p].name;
        if (!name || !*name) {
            snprintf(unnamed, sizeof unnamed, "arg%u", p);
            name = unnamed;
        }
        if (mod->params[p].kind == FSABI_KIND_PTR) {
            put_pointer(list, p, stem, name);
        } else {
            fprintf(list, "%s = ", name);
            put_value(list, mod->params[p].kind, &call->values[p]);
            fputc('\n', list);
        }
    }
    close_or_fail(list, path);
}
