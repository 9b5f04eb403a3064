/* distributions/random_string.c: a string of drawn length and characters, string(LEN, "set") inside other
 * forms. */
/* SPDX-License-Identifier: MIT */

/* L ~ the length's distribution (integers >= 0), then L characters, each uniform over
 * the set as written (a character listed twice is twice as likely) or a draw of the
 * characters' distribution over codes 0..255. A string-valued distribution: no CDF,
 * no mean. The same law as `arg s ~ string(LEN, ...)`, for the places a
 * string-valued distribution goes: format's %s, mixture, a %s read. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

#define MOST_CHARS (1u << 26) /* as the runtime's longest drawn string */

typedef struct random_string {
    dist base;
    dist *length;
    dist *chars;   /* NULL: the set */
    char *charset; /* may hold NUL bytes */
    size_t charset_len;
} random_string;

#define S(d) ((const random_string *)(d))

static int sample_text(const dist *d, gsl_rng *r, dist_bytes *out) {
    const random_string *s = S(d);
    double n = dist_sample(s->length, r);
    if (!(n >= 0 && n <= MOST_CHARS)) return -1;
    for (size_t i = 0; i < (size_t)n; i++) {
        char c = s->chars ? (char)(unsigned char)dist_sample(s->chars, r)
                          : s->charset[dist_uniform_int_index(r, s->charset_len)];
        if (dist_bytes_add(out, &c, 1) < 0) return -1;
    }
    return 0;
}

static double text_most(const dist *d) {
    double lo, hi;
    dist_range(S(d)->length, &lo, &hi);
    return isfinite(hi) ? hi : -1;
}

static void format(const dist *d, dist_text *t) {
    dist_text_add(t, "string(");
    dist_format_text(S(d)->length, t);
    dist_text_add(t, ", ");
    if (S(d)->chars)
        dist_format_text(S(d)->chars, t);
    else
        dist_text_bytes(t, S(d)->charset, S(d)->charset_len);
    dist_text_add(t, ")");
}

static void release(dist *d) {
    random_string *s = (random_string *)d;
    if (s->length) dist_free(s->length);
    if (s->chars) dist_free(s->chars);
    free(s->charset);
}

static const dist_ops ops = {
    "string", dist_text_cdf_nan, dist_text_mean_nan, format, release, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL,     sample_text,       text_most,
};

dist *dist_random_string_create(dist *length, const char *charset, size_t charset_len, dist *chars,
                                dist_error *err) {
    random_string *s = (random_string *)dist_alloc(sizeof *s, &ops, dist_text_sample_nan, 0, err);
    if (!s) return NULL;
    s->length = length;
    s->chars = chars;
    if (!chars && !(s->charset = malloc(charset_len ? charset_len : 1))) {
        s->length = NULL; /* still the caller's */
        s->chars = NULL;
        dist_free(&s->base);
        return dist_args_fail(err, -1, "string: out of memory"), NULL;
    }
    if (!chars) memcpy(s->charset, charset, charset_len);
    s->charset_len = charset_len;
    return &s->base;
}
