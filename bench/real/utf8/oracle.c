/* bench/real/utf8/oracle.c: utf8_valid called on buffers drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int utf8_valid(const unsigned char *s, int len);

static void one_run(void) {
    static const long values[] = {65, 195, 226, 240, 169, 130, 159};
    static const double weights[] = {90, 4, 2, 1, 4, 2, 1};
    unsigned char s[48];
    int len = (int)oracle_uniform_int(0, 48);
    for (int i = 0; i < len; i++) s[i] = (unsigned char)oracle_discrete(values, weights, 7);
    utf8_valid(s, len);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
