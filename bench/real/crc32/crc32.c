/* bench/real/crc32/crc32.c: the bitwise CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) of a drawn buffer. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>

#include "../tick.h"

uint32_t crc32(const unsigned char *buf, unsigned len) {
    uint32_t crc = 0xFFFFFFFFu;
    for (unsigned i = 0; i < len; i++) {
        TICK(0);
        crc ^= buf[i];
        for (int k = 0; k < 8; k++) {
            if (crc & 1u) {
                TICK(1);
                crc = (crc >> 1) ^ 0xEDB88320u;
            } else {
                TICK(2);
                crc >>= 1;
            }
        }
    }
    return ~crc;
}
