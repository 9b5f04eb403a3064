/* unsigned_steps.c: cursors stepped by unsigned lengths, as block decoders step them, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <string.h>

/* A block decoder's literals: each token's digit says how many bytes follow it, a
 * size_t tested against what is left. */
static int literals(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int tokens = 0;
    while (ip < end) {
        size_t lit = (size_t)(*ip++ - '0');
        if (lit > (size_t)(end - ip)) return -tokens;
        ip += lit;
        tokens++;
    }
    return tokens;
}

/* A length that goes on while its bytes are 'b', read through an out-parameter as a
 * decoder reads a long literal length; (size_t)-1 when the input ends first. */
static size_t extended(const char **pp, const char *end) {
    size_t n = 0;
    char c;
    do {
        if (*pp >= end) return (size_t)-1;
        c = *(*pp)++;
        n++;
    } while (c == 'b');
    return n;
}

static int long_runs(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int runs = 0;
    while (ip < end) {
        char token = *ip++;
        size_t extra = token == 'b' ? extended(&ip, end) : 0;
        if (extra == (size_t)-1 || extra > (size_t)(end - ip)) break;
        ip += extra;
        runs++;
    }
    return runs;
}

/* An output cursor moved a byte and then an unsigned count on, as a decoder writes a
 * literal and copies a match. */
static int fill_out(unsigned char *out, const char *s) {
    unsigned char *op = out, *oend = out + 16;
    int n = 0;
    while (op < oend) {
        unsigned extra = 0;
        for (const char *t = s; *t == 'b'; t++) extra++;
        *op++ = 'x';
        if (extra > (size_t)(oend - op)) break;
        op += extra;
        n++;
    }
    return n;
}

/* Near miss: a signed step, which can be negative: each '0' from the cursor on sends
 * it back a byte, as far as the start, so a '0' holds it where it was. */
static int signed_steps(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int k = 0;
    while (ip < end && k < 30) {
        long d = 0;
        for (const char *t = ip; *t == '0'; t++) d--;
        ip++;
        if (-d > ip - s) d = -(long)(ip - s);
        ip += d;
        k++;
    }
    return k;
}

/* Near miss: a cursor moved down a byte a pass and then up by an unsigned count, the
 * '0's from it on, so a '0' holds it where it was. */
static int up_steps(const char *s, size_t len) {
    const char *q = s + len;
    int k = 0;
    while (q > s && k < 30) {
        q--;
        size_t up = 0;
        for (const char *t = q; *t == '0'; t++) up++;
        q += up;
        k++;
    }
    return k;
}

/* Near miss: the same with an int d, widened to a pointer's width on the way. */
static int int_steps(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int k = 0;
    while (ip < end && k < 30) {
        int d = 0;
        for (const char *t = ip; *t == '0'; t++) d--;
        ip++;
        if (-d > ip - s) d = -(int)(ip - s);
        ip += d;
        k++;
    }
    return k;
}

/* Near miss: an unsigned step alone, the '0's from the cursor on: 0 at any other
 * byte, which holds the cursor where it was. */
static int zero_steps(const char *s, size_t len) {
    const char *p = s, *end = s + len;
    int k = 0;
    while (p < end && k < 30) {
        size_t zeros = 0;
        for (const char *t = p; *t == '0'; t++) zeros++;
        p += zeros;
        k++;
    }
    return k;
}

/* A cursor stepped by a byte and then by size_t arithmetic, as a decoder steps past
 * a match by `length + MINMATCH`: the rest of the run of '0's, unsigned and so at
 * least 0 as C reads it. */
static int sums(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int k = 0;
    while (ip < end) {
        size_t zeros = 0;
        for (const char *t = ip; *t == '0'; t++) zeros++;
        size_t none = zeros == 0;
        ip++;
        ip += zeros - 1 + none;
        k++;
    }
    return k;
}

/* Near miss: the same count made signed, less one: (long)zeros - 1 is -1 at a byte
 * that is not '0', after the byte read, which holds the cursor where it was. */
static int signed_sums(const char *s, size_t len) {
    const char *ip = s, *end = s + len;
    int k = 0;
    while (ip < end && k < 30) {
        size_t zeros = 0;
        for (const char *t = ip; *t == '0'; t++) zeros++;
        ip++;
        ip += (long)zeros - 1;
        k++;
    }
    return k;
}

int unsigned_steps(const char *s, size_t len, unsigned char *out) {
    return literals(s, len) + long_runs(s, len) + fill_out(out, s) + signed_steps(s, len) + up_steps(s, len) +
           int_steps(s, len) + zero_steps(s, len) + sums(s, len) + signed_sums(s, len);
}
