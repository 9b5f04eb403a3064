/* distributions/dist_text.c: building the canonical text of a distribution, snprintf-style. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

/* Appends printf-formatted text; what does not fit is counted but not written, and
 * the buffer stays NUL-terminated. Can't fail. */
void dist_text_add(dist_text *t, const char *fmt, ...) {
    size_t room = t->len < t->size ? t->size - t->len : 0;
    char *at = room ? t->buf + t->len : NULL;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(at, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

/* Appends X in the shortest %g form that reads back as the same double, so the text
 * is both tidy ("0.1", "800") and exact. */
void dist_text_number(dist_text *t, double x) {
    char tmp[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(tmp, sizeof tmp, "%.*g", digits, x);
        if (strtod(tmp, NULL) == x) break;
    }
    dist_text_add(t, "%s", tmp);
}

/* Appends the N bytes at S in double quotes, escaped so that the spec's scanner reads
 * back the same bytes: \" \\ \n \r \t \0, and \xHH for other control bytes. */
void dist_text_bytes(dist_text *t, const char *s, size_t n) {
    dist_text_add(t, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *named = c == '"'    ? "\\\""
                            : c == '\\' ? "\\\\"
                            : c == '\n' ? "\\n"
                            : c == '\r' ? "\\r"
                            : c == '\t' ? "\\t"
                            : c == 0    ? "\\0"
                                        : NULL;
        if (named)
            dist_text_add(t, "%s", named);
        else if (c < 0x20 || c == 0x7f)
            dist_text_add(t, "\\x%02x", c);
        else
            dist_text_add(t, "%c", c);
    }
    dist_text_add(t, "\"");
}

/* Appends the C string S as dist_text_bytes does. */
void dist_text_string(dist_text *t, const char *s) {
    dist_text_bytes(t, s, strlen(s));
}

/* Appends "name(v0, v1, ...)". */
void dist_text_call(dist_text *t, const char *name, const double *v, size_t n) {
    dist_text_add(t, "%s(", name);
    for (size_t i = 0; i < n; i++) {
        if (i) dist_text_add(t, ", ");
        dist_text_number(t, v[i]);
    }
    dist_text_add(t, ")");
}
