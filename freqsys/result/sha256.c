/* freqsys/result/sha256.c: the SHA-256 digest of a file's bytes, as sha256sum prints it. */
/* SPDX-License-Identifier: MIT */
#include "sha256.h"

#include <stdint.h>
#include <stdio.h>
#include <nettle/sha2.h>

static void hex_of(struct sha256_ctx *ctx, char hex[SHA256_HEX_LEN + 1]) {
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(ctx, sizeof digest, digest);
    for (size_t k = 0; k < sizeof digest; k++) snprintf(hex + 2 * k, 3, "%02x", digest[k]);
}

void sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN + 1]) {
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, len, data);
    hex_of(&ctx, hex);
}

int sha256_file(const char *path, char hex[SHA256_HEX_LEN + 1]) {
    hex[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    unsigned char buf[65536];
    size_t n;
    do { /* a short read is the end, or an error ferror tells */
        n = fread(buf, 1, sizeof buf, f);
        sha256_update(&ctx, n, buf);
    } while (n == sizeof buf);
    int bad = ferror(f);
    fclose(f);
    if (bad) return -1;
    hex_of(&ctx, hex);
    return 0;
}
