/* bench/real/roman/roman.c: the value of a Roman numeral, a smaller digit before a larger one subtracting (IV = 4); -1 on a bad character. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

static int digit_value(char c) {
    switch (c) {
    case 'I': return 1;
    case 'V': return 5;
    case 'X': return 10;
    case 'L': return 50;
    case 'C': return 100;
    case 'D': return 500;
    case 'M': return 1000;
    default: return 0;
    }
}

int roman(const char *s) {
    int total = 0;
    for (int i = 0; s[i] != '\0'; i++) {
        int v = digit_value(s[i]);
        if (v == 0) {
            TICK(0);
            return -1;
        }
        if (v < digit_value(s[i + 1])) {
            TICK(1);
            total -= v;
        } else {
            TICK(2);
            total += v;
        }
    }
    return total;
}
