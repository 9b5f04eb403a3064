/* freqsys/result/sha256.h: the SHA-256 digest of a file's bytes, as sha256sum prints it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SHA256_H
#define FREQSYS_SHA256_H

#include <stddef.h>

#define SHA256_HEX_LEN 64 /* hexadecimal digits of a digest, without the NUL */

/* The SHA-256 of the LEN bytes at DATA (FIPS 180-4) into HEX, lower-case, as
 * sha256sum prints it, NUL-terminated. This function can't fail. */
void sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN + 1]);

/* The same of the file at PATH, read in pieces. Returns 0, or -1 (errno set) when it
 * cannot be opened or read; HEX is then empty. */
int sha256_file(const char *path, char hex[SHA256_HEX_LEN + 1]);

#endif
