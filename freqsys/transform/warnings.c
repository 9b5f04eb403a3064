/* freqsys/transform/warnings.c: the list of warnings the transform hands to the command line. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int transform_warn(transform_warnings *w, const char *fmt, ...) {
    if (!w) return 0;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < w->n; i++) /* the same call in a loop body, inlined twice, ... */
        if (strcmp(w->v[i], text) == 0) return 0;
    char **v = realloc(w->v, (w->n + 1) * sizeof *v);
    if (!v) return -1;
    w->v = v;
    if (!(w->v[w->n] = strdup(text))) return -1;
    w->n++;
    return 0;
}

void transform_warnings_free(transform_warnings *w) {
    if (!w) return;
    for (size_t i = 0; i < w->n; i++) free(w->v[i]);
    free(w->v);
    w->v = NULL;
    w->n = 0;
}
