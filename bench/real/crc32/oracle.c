/* bench/real/crc32/oracle.c: crc32 called on buffers drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>

#include "../oracle.h"

uint32_t crc32(const unsigned char *buf, unsigned len);

static void one_run(void) {
    unsigned char buf[64];
    unsigned len = (unsigned)oracle_uniform_int(0, 64);
    for (unsigned i = 0; i < len; i++) buf[i] = (unsigned char)oracle_uniform_int(0, 255);
    crc32(buf, len);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
