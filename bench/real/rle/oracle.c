/* bench/real/rle/oracle.c: rle_roundtrip called on buffers drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int rle_roundtrip(const unsigned char *in, int len);

static void one_run(void) {
    static const long values[] = {0, 1, 7, 255};
    static const double weights[] = {6, 2, 1, 1};
    unsigned char in[64];
    int len = (int)oracle_uniform_int(0, 64);
    for (int i = 0; i < len; i++) in[i] = (unsigned char)oracle_discrete(values, weights, 4);
    rle_roundtrip(in, len);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
