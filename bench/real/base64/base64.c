/* bench/real/base64/base64.c: base64 encoding (RFC 4648, with '=' padding) of a drawn buffer; returns the length written. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

#define B64_MAX 60

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_encode(const unsigned char *in, int len) {
    char out[(B64_MAX + 2) / 3 * 4 + 1];
    int o = 0;
    int i = 0;
    for (; i + 2 < len; i += 3) {
        TICK(0);
        unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = alphabet[v >> 6 & 63];
        out[o++] = alphabet[v & 63];
    }
    if (len - i == 1) {
        TICK(1);
        unsigned v = (unsigned)in[i] << 16;
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (len - i == 2) {
        TICK(2);
        unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8;
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = alphabet[v >> 6 & 63];
        out[o++] = '=';
    }
    out[o] = '\0';
    return o;
}
