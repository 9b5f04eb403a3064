/* bench/real/urldecode/urldecode.c: decodes a URL query component (%XX escapes, '+' for space) into a buffer, as a web server's form parser does; returns the decoded length, -1 when it would not fit. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>

#include "../tick.h"

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

int url_decode(const char *in) {
    char out[64];
    int n = 0;
    const char *p = in;
    while (*p) {
        if (n == (int)sizeof out - 1) {
            TICK(0);   /* no room left */
            return -1;
        }
        if (*p == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2])) {
            TICK(1);
            out[n++] = (char)(hex_value(p[1]) * 16 + hex_value(p[2]));
            p += 3;
        } else if (*p == '+') {
            TICK(2);
            out[n++] = ' ';
            p++;
        } else {
            TICK(3);
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    return n;
}
