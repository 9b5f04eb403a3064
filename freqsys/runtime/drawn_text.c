/* freqsys/runtime/drawn_text.c: bytes drawn whole for one input: text(...), lines(...), a file of a corpus.
 */
/* SPDX-License-Identifier: MIT */
#include "drawn_text.h"

#include <stdlib.h>
#include <string.h>
#include "trial_draws.h"

void drawn_text_reserve(drawn_text *t, size_t need) {
    if (need > DRAWN_TEXT_MAX_BYTES)
        runtime_fail("a drawn text needs %zu bytes, more than the limit of %llu MiB", need,
                     DRAWN_TEXT_MAX_BYTES >> 20);
    if (need < t->cap) return; /* one byte to spare, for a NUL after the text */
    size_t cap = t->cap ? t->cap : 4096;
    while (cap <= need) cap *= 2;
    char *p = realloc(t->buf, cap);
    if (!p) runtime_fail("out of memory for a drawn text of %zu bytes", need);
    t->buf = p;
    t->cap = cap;
}

/* A drawn length or count; the spec parser proved it integer and never negative. */
static size_t count(const dist *d, const char *name) {
    double v = runtime_draw(d, name);
    if (!(v >= 0 && v <= (double)DRAWN_TEXT_MAX_BYTES))
        runtime_fail("%s: a length or count was drawn as %.17g, outside 0..%llu", name, v,
                     DRAWN_TEXT_MAX_BYTES);
    return (size_t)v;
}

static void build_text(const spec_value *v, gsl_rng *r, const char *name, drawn_text *t) {
    size_t n = count(v->dist, name);
    drawn_text_reserve(t, n);
    for (size_t i = 0; i < n; i++) {
        double c = dist_sample(v->item, r);
        if (!(c >= 0 && c <= 255)) runtime_fail("%s: a byte was drawn as %.17g, not 0..255", name, c);
        t->buf[i] = (char)(unsigned char)c;
    }
    t->len = n;
}

/* One line's characters, appended: a draw of a string-valued item whole, or a drawn
 * length of characters from the charset or the character distribution. */
static void build_line(const spec_value *v, gsl_rng *r, drawn_text *t) {
    if (dist_is_text(v->item)) {
        dist_bytes b = {0};
        if (dist_sample_text(v->item, r, &b) < 0) {
            dist_bytes_free(&b);
            runtime_fail("out of memory for a drawn line");
        }
        if (t->len + b.len + 1 > DRAWN_TEXT_MAX_BYTES) dist_bytes_free(&b); /* reserve will not return */
        drawn_text_reserve(t, t->len + b.len + 1);
        if (b.len) memcpy(t->buf + t->len, b.data, b.len);
        t->len += b.len;
        dist_bytes_free(&b);
        return;
    }
    double d = dist_sample(v->item, r);
    if (!(d >= 0 && d <= (double)DRAWN_TEXT_MAX_BYTES))
        runtime_fail("a line was drawn %.17g characters long", d);
    size_t n = (size_t)d;
    drawn_text_reserve(t, t->len + n + 1);
    if (v->chars)
        for (size_t i = 0; i < n; i++) t->buf[t->len++] = (char)(unsigned char)dist_sample(v->chars, r);
    else
        for (size_t i = 0; i < n; i++) t->buf[t->len++] = v->charset[gsl_rng_uniform_int(r, v->charset_len)];
}

static void build_lines(const spec_value *v, gsl_rng *r, const char *name, drawn_text *t) {
    size_t lines = count(v->dist, name);
    t->len = 0;
    for (size_t k = 0; k < lines; k++) {
        build_line(v, r, t);
        drawn_text_reserve(t, t->len + 1);
        t->buf[t->len++] = '\n';
    }
}

/* A file of the corpus, by the spec's draw of its index (uniform, or by weight). */
static const spec_file *choose_file(const spec_value *v, const char *name) {
    double k = runtime_draw(v->dist, name);
    if (!(k >= 0 && k < (double)v->nfiles)) runtime_fail("%s: a file's index was drawn as %.17g", name, k);
    return &v->files[(size_t)k];
}

void drawn_text_build(const spec_value *v, gsl_rng *r, const char *name, drawn_text *t) {
    t->file = NULL;
    if (v->kind == SPEC_VALUE_FILES) {
        const spec_file *f = choose_file(v, name);
        if (f->len > DRAWN_TEXT_MAX_BYTES)
            runtime_fail("%s has %zu bytes, more than the limit of %llu MiB for a drawn input", f->path,
                         f->len, DRAWN_TEXT_MAX_BYTES >> 20);
        t->data = f->data ? f->data : "";
        t->len = f->len;
        t->file = f;
        return;
    }
    if (v->kind == SPEC_VALUE_TEXT)
        build_text(v, r, name, t);
    else
        build_lines(v, r, name, t);
    t->data = t->buf;
}
