/* bench/real/base64/oracle.c: base64_encode called on buffers drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int base64_encode(const unsigned char *in, int len);

static void one_run(void) {
    unsigned char in[60];
    int len = (int)oracle_uniform_int(0, 60);
    for (int i = 0; i < len; i++) in[i] = (unsigned char)oracle_uniform_int(0, 255);
    base64_encode(in, len);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
