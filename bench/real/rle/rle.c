/* bench/real/rle/rle.c: run-length encodes a drawn buffer into (count, byte) pairs, decodes them back and checks the round trip. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

#define RLE_MAX 64

int rle_roundtrip(const unsigned char *in, int len) {
    unsigned char encoded[2 * RLE_MAX];
    unsigned char decoded[RLE_MAX];
    int e = 0;
    int i = 0;
    while (i < len) {
        TICK(0);
        int run = 1;
        while (i + run < len && in[i + run] == in[i] && run < 255) {
            TICK(1);
            run++;
        }
        encoded[e++] = (unsigned char)run;
        encoded[e++] = in[i];
        i += run;
    }
    int d = 0;
    for (int k = 0; k < e; k += 2) {
        for (int r = 0; r < encoded[k]; r++) {
            TICK(2);
            decoded[d++] = encoded[k + 1];
        }
    }
    for (int k = 0; k < len; k++) {
        if (decoded[k] != in[k]) {
            TICK(3);   /* a broken codec: never */
            return -1;
        }
    }
    return e;
}
