/* bench/real/gcd/gcd.c: extended Euclid on two numbers read; prints the gcd and, when they are coprime, the inverse of a modulo b. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

int main(void) {
    long a, b;
    if (scanf("%ld", &a) != 1 || scanf("%ld", &b) != 1 || a < 1 || b < 1) return 1;
    long old_r = a, r = b, old_s = 1, s = 0;
    while (r != 0) {
        TICK(0);
        long q = old_r / r;
        long t = old_r - q * r;
        old_r = r;
        r = t;
        t = old_s - q * s;
        old_s = s;
        s = t;
    }
    if (old_r == 1) {
        TICK(1);
        long inverse = old_s % b;
        if (inverse < 0) {
            TICK(2);
            inverse += b;
        }
        printf("inverse %ld\n", inverse);
    } else {
        printf("gcd %ld\n", old_r);
    }
    return 0;
}
