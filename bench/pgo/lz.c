/* bench/pgo/lz.c: an LZ77-style decoder (tokens of literals and back-references, as LZ4 lays them out) with a checksum of its output. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#define MAX_BYTES 65536
#define MAX_OUT (1 << 20)
#define PASSES 24

static unsigned char in[MAX_BYTES];
static unsigned char out[MAX_OUT];

/* A length's extension: bytes added while they are 255. */
static unsigned extend(const unsigned char **p, const unsigned char *end)
{
    unsigned n = 0, b;
    do {
        if (*p >= end) return n;
        b = *(*p)++;
        n += b;
    } while (b == 255);
    return n;
}

/* Decodes IN .. END into out; returns the bytes written. Any input decodes: a
 * reference before the start or past the end is cut to what there is. */
static size_t decode(const unsigned char *p, const unsigned char *end)
{
    size_t pos = 0;
    while (p < end) {
        unsigned token = *p++;
        unsigned literals = token >> 4, length = (token & 15) + 4;
        if (literals == 15) literals += extend(&p, end);
        if (literals > (unsigned)(end - p)) literals = (unsigned)(end - p);
        if (pos + literals > MAX_OUT) return pos;
        for (unsigned k = 0; k < literals; k++) out[pos++] = *p++;
        if (end - p < 2) break;
        unsigned offset = p[0] | (unsigned)p[1] << 8;
        p += 2;
        if (length == 19) length += extend(&p, end);
        if (offset == 0 || offset > pos) offset = pos ? 1 + offset % pos : 0;
        if (offset == 0) continue;
        if (pos + length > MAX_OUT) return pos;
        const unsigned char *from = out + pos - offset;
        if (offset >= length) { for (unsigned k = 0; k < length; k++) out[pos + k] = from[k]; }
        else { for (unsigned k = 0; k < length; k++) out[pos + k] = out[pos - offset + k]; }
        pos += length;
    }
    return pos;
}

int main(void)
{
    size_t n = fread(in, 1, MAX_BYTES, stdin);
    unsigned long sum = 0, total = 0;
    for (int pass = 0; pass < PASSES; pass++) {
        size_t m = decode(in, in + n);
        total += m;
        for (size_t k = 0; k < m; k += 7) sum = sum * 31 + out[k];
    }
    printf("%lu %lu\n", total / PASSES, sum);
    return 0;
}
