/* bench/real/fletcher/fletcher.c: Fletcher-16 checksum of a message read as a length and that many bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

int main(void) {
    int len;
    if (scanf("%d", &len) != 1 || len < 0) return 1;
    unsigned sum1 = 0, sum2 = 0;
    for (int i = 0; i < len; i++) {
        TICK(0);
        int byte;
        if (scanf("%d", &byte) != 1) return 1;
        sum1 = (sum1 + (unsigned)byte) % 255;
        sum2 = (sum2 + sum1) % 255;
    }
    if (sum1 == 0 && sum2 == 0) {
        TICK(1);   /* the checksum of an empty or all-zero message */
        puts("zero");
    }
    printf("%04x\n", sum2 << 8 | sum1);
    return 0;
}
