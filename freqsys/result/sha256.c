/* freqsys/result/sha256.c: the SHA-256 digest of a file's bytes, as sha256sum prints it. */
/* SPDX-License-Identifier: MIT */
/* FIPS 180-4, section 6.2: the message is padded with a 1 bit, zeros and its length in
 * bits (64 bits, big-endian) to a multiple of 512 bits; each 512-bit block goes through
 * 64 rounds that mix it into eight 32-bit words of state, starting from the
 * fractional parts of the square roots of the first 8 primes; the round constants are
 * those of the cube roots of the first 64. The digest is the final state, big-endian. */
#include "sha256.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct sha256 {
    uint32_t state[8];
    uint64_t bytes; /* the message's length so far */
    unsigned char block[64];
    size_t used; /* bytes of BLOCK filled */
} sha256;

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t rotr(uint32_t x, unsigned n) {
    return (x >> n) | (x << (32 - n));
}

static void start(sha256 *h) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(h->state, initial, sizeof initial);
    h->bytes = 0;
    h->used = 0;
}

/* One 64-byte block into the state. */
static void compress(sha256 *h, const unsigned char *block) {
    uint32_t w[64];
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
               (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t v[8];
    memcpy(v, h->state, sizeof v);
    for (int t = 0; t < 64; t++) {
        uint32_t s1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25);
        uint32_t choice = (v[4] & v[5]) ^ (~v[4] & v[6]);
        uint32_t t1 = v[7] + s1 + choice + round_constants[t] + w[t];
        uint32_t s0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22);
        uint32_t majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        memmove(v + 1, v, 7 * sizeof *v);
        v[4] += t1;
        v[0] = t1 + s0 + majority;
    }
    for (int i = 0; i < 8; i++) h->state[i] += v[i];
}

static void add(sha256 *h, const unsigned char *data, size_t len) {
    h->bytes += len;
    while (len > 0) {
        size_t take = 64 - h->used < len ? 64 - h->used : len;
        memcpy(h->block + h->used, data, take);
        h->used += take;
        data += take;
        len -= take;
        if (h->used == 64) {
            compress(h, h->block);
            h->used = 0;
        }
    }
}

static void finish(sha256 *h, char hex[SHA256_HEX_LEN + 1]) {
    uint64_t bits = h->bytes * 8;
    static const unsigned char one = 0x80, zero = 0;
    add(h, &one, 1);
    while (h->used != 56) add(h, &zero, 1);
    unsigned char length[8];
    for (int i = 0; i < 8; i++) length[i] = (unsigned char)(bits >> (56 - 8 * i));
    add(h, length, 8);
    for (int i = 0; i < 8; i++) snprintf(hex + 8 * i, 9, "%08x", (unsigned)h->state[i]);
}

void sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN + 1]) {
    sha256 h;
    start(&h);
    add(&h, data, len);
    finish(&h, hex);
}

int sha256_file(const char *path, char hex[SHA256_HEX_LEN + 1]) {
    hex[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    sha256 h;
    start(&h);
    unsigned char buf[65536];
    size_t n;
    do { /* a short read is the end, or an error ferror tells */
        n = fread(buf, 1, sizeof buf, f);
        add(&h, buf, n);
    } while (n == sizeof buf);
    int bad = ferror(f);
    fclose(f);
    if (bad) return -1;
    finish(&h, hex);
    return 0;
}
