/* tests/e2e/programs/walk_ends.c: walks of a drawn string to its end, s + len or len, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>

int walk_ends(const char *s, size_t len, size_t other)
{
    const char *p = s, *end = s + len, *far = s + other, *q, *r, *t, *u;
    size_t i = 0;
    int n = 0;
    while (p != end) {
        if (*p == ' ') {
            p++;
            continue;
        }
        n++;
        while (p != end && *p != ' ')
            p++;
    }
    while (i < len) {
        if (s[i] == ' ') {
            i++;
            continue;
        }
        while (i < len && s[i] != ' ')
            i++;
    }
    for (q = s; q + 1 < end; q += 2)
        n++;
    for (r = s; r < end; r += 2)
        n++;
    for (t = s; t < far; t++)
        n++;
    u = s;
    if (len > 0)
        do
            u++;
        while (u != end);
    return n;
}
