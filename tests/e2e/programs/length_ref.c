/* tests/e2e/programs/length_ref.c: a length passed by pointer and written back, as in-out sizes are. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>

size_t count_a(const char *s, size_t *len) {
    size_t n = 0;
    for (size_t i = 0; i < *len; i++)
        if (s[i] == 'a') n++;
    if (s[*len] != '\0') /* a length that is not the string's */
        n += 1000;
    *len = n; /* the next call must get a fresh length, not this */
    return n;
}
