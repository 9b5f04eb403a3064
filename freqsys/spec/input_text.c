/* freqsys/spec/input_text.c: an input declaration written back as canonical spec text, for freqsys check. */
/* SPDX-License-Identifier: MIT */
#include "spec.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Text under construction: what does not fit is dropped, the buffer stays terminated. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void add(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(out *o, const char *fmt, ...) {
    size_t room = o->len < o->size ? o->size - o->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

static void add_dist(out *o, const dist *d) {
    int n = dist_format(d, NULL, 0);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    dist_format(d, room ? o->buf + o->len : NULL, room);
    if (n > 0) o->len += (size_t)n;
}

/* A character set in quotes, escaped as a distribution's strings are. */
static void add_quoted(out *o, const char *s, size_t n) {
    add(o, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            add(o, "\\%c", c);
        else if (c == '\n')
            add(o, "\\n");
        else if (c == '\r')
            add(o, "\\r");
        else if (c == '\t')
            add(o, "\\t");
        else if (c == 0)
            add(o, "\\0");
        else if (c < 0x20 || c == 0x7f)
            add(o, "\\x%02x", c);
        else
            add(o, "%c", c);
    }
    add(o, "\"");
}

/* string(LEN_D, "set") or string(LEN_D, CHAR_D) of V, LEN being V->dist or ITEM. */
static void add_string(out *o, const spec_value *v, const dist *len) {
    add(o, "string(");
    add_dist(o, len);
    add(o, ", ");
    if (v->chars)
        add_dist(o, v->chars);
    else
        add_quoted(o, v->charset, v->charset_len);
    add(o, ")");
}

static void add_target(out *o, const spec_input *in) {
    switch (in->target) {
    case SPEC_VAR:
        add(o, "%s", in->name);
        break;
    case SPEC_READ_INDEX:
        add(o, "read %lld", in->index);
        break;
    case SPEC_READ_ANY:
        add(o, "read *");
        break;
    case SPEC_ARG:
        if (in->name)
            add(o, "arg %s", in->name);
        else
            add(o, "arg %lld", in->index);
        break;
    case SPEC_GLOBAL:
        add(o, "global %s", in->name);
        if (in->element) add(o, "[%lld]", in->index);
        break;
    case SPEC_EXTERN_FN:
        add(o, "extern %s()", in->name);
        break;
    case SPEC_EXTERN_VAR:
        add(o, "extern %s %s", in->ctype, in->name);
        break;
    case SPEC_MMIO:
        add(o, "mmio 0x%llx", (unsigned long long)in->addr_lo);
        if (in->addr_hi != in->addr_lo) add(o, "..0x%llx", (unsigned long long)in->addr_hi);
        break;
    case SPEC_STDIN:
        add(o, "stdin");
        break;
    case SPEC_DRAW:
        add(o, "draw %s", in->name);
        break;
    }
}

static void add_value(out *o, const spec_value *v, int for_stdin) {
    switch (v->kind) {
    case SPEC_VALUE_DIST:
        add_dist(o, v->dist);
        break;
    case SPEC_VALUE_ARRAY:
        if (v->len_name)
            add(o, "array(%s", v->len_name);
        else
            add(o, "array(%lld", v->len_const);
        if (v->dist) {
            add(o, ", ");
            add_dist(o, v->dist);
        }
        add(o, ")");
        break;
    case SPEC_VALUE_PERMUTATION:
        if (v->len_name)
            add(o, "permutation(%s)", v->len_name);
        else
            add(o, "permutation(%lld)", v->len_const);
        break;
    case SPEC_VALUE_STRING:
        add_string(o, v, v->dist);
        break;
    case SPEC_VALUE_REF:
        if (v->len_name) {
            add(o, "ref(length(%s))", v->len_name);
            break;
        }
        add(o, "ref(");
        add_dist(o, v->dist);
        add(o, ")");
        break;
    case SPEC_VALUE_TEXT:
        add(o, "text(");
        add_dist(o, v->dist);
        add(o, ", ");
        add_dist(o, v->item);
        add(o, ")");
        break;
    case SPEC_VALUE_LINES:
        add(o, "lines(");
        add_dist(o, v->dist);
        add(o, ", ");
        if (dist_is_text(v->item))
            add_dist(o, v->item);
        else
            add_string(o, v, v->item);
        add(o, ")");
        break;
    case SPEC_VALUE_FILES:
        add(o, for_stdin ? "files(" : "file(");
        for (size_t i = 0; i < v->nglobs; i++) {
            if (i) add(o, ", ");
            add_quoted(o, v->globs[i], strlen(v->globs[i]));
            if (v->weights) add(o, ": %.17g", v->glob_weights[i]);
        }
        add(o, ")");
        break;
    case SPEC_VALUE_NULL:
        add(o, "null");
        break;
    case SPEC_VALUE_GENERATOR:
        if (v->gen_cap)
            add(o, "generator(%s, %lld)", v->gen_name, v->gen_cap);
        else
            add(o, "generator(%s)", v->gen_name);
        break;
    case SPEC_VALUE_LENGTH:
        add(o, "length(%s)", v->len_name);
        break;
    case SPEC_VALUE_ZEROED:
        add(o, "zeroed");
        break;
    case SPEC_VALUE_BUFFER:
        add(o, "buffer(%lld)", v->len_const);
        break;
    }
}

/* What a draw of V is: "a string", "integers", "real numbers", ... */
static const char *drawn(const spec_input *in) {
    const spec_value *v = &in->value;
    int whole = in->target == SPEC_STDIN;
    switch (v->kind) {
    case SPEC_VALUE_DIST:
        return dist_is_text(v->dist) ? "a string" : dist_is_integer(v->dist) ? "an integer" : "a real number";
    case SPEC_VALUE_STRING:
        return "a string";
    case SPEC_VALUE_ARRAY:
    case SPEC_VALUE_PERMUTATION:
        return "an array";
    case SPEC_VALUE_REF:
        return v->len_name ? "a pointer to the other argument's drawn length" : "a pointer to one value";
    case SPEC_VALUE_TEXT:
    case SPEC_VALUE_LINES:
        return whole ? "a whole standard input" : "a string of drawn bytes";
    case SPEC_VALUE_FILES:
        if (whole) return "a whole standard input";
        return v->weights ? "one file's bytes, chosen by weight" : "one file's bytes, chosen uniformly";
    case SPEC_VALUE_NULL:
        return "a null pointer";
    case SPEC_VALUE_GENERATOR:
        if (whole) return "a whole standard input, what void NAME(FILE *) writes";
        return v->gen_cap ? "the bytes size_t NAME(unsigned char *, size_t) writes, at most the capacity"
                          : "a copy of the string const char *NAME(void) returns";
    case SPEC_VALUE_LENGTH:
        return "an integer, the other argument's drawn length";
    case SPEC_VALUE_ZEROED:
        return "a pointer to one zeroed object";
    case SPEC_VALUE_BUFFER:
        return "a pointer to zeroed bytes";
    }
    return "?";
}

int spec_input_text(const spec_input *in, char *buf, size_t size) {
    out o = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    add_target(&o, in);
    add(&o, " ~ ");
    add_value(&o, &in->value, in->target == SPEC_STDIN);
    add(&o, "  (%s)", drawn(in));
    return (int)o.len;
}
