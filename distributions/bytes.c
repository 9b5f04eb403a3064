/* distributions/bytes.c: the growable byte string that string-valued draws append to. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

int dist_bytes_add(dist_bytes *out, const char *p, size_t n) {
    if (out->len + n + 1 > out->cap) {
        size_t cap = out->cap ? out->cap : 64;
        while (cap < out->len + n + 1) cap *= 2;
        char *grown = realloc(out->data, cap);
        if (!grown) return -1;
        out->data = grown;
        out->cap = cap;
    }
    if (n) memcpy(out->data + out->len, p, n);
    out->len += n;
    out->data[out->len] = '\0';
    return 0;
}

void dist_bytes_free(dist_bytes *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
