/* bench/real/numlex/numlex.c: lexes space-separated numbers (sign, digits, fraction, exponent) as a C or JSON lexer does; counts the valid ones. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int lex_numbers(const char *s) {
    int valid = 0;
    const char *p = s;
    while (*p) {
        if (*p == ' ') {
            TICK(0);
            p++;
            continue;
        }
        int digits = 0;
        if (*p == '-' || *p == '+') p++;
        while (is_digit(*p)) {
            TICK(1);
            p++;
            digits++;
        }
        if (*p == '.') {
            TICK(2);
            p++;
            while (is_digit(*p)) {
                p++;
                digits++;
            }
        }
        int ok = digits > 0;
        if (ok && (*p == 'e' || *p == 'E')) {
            TICK(3);
            p++;
            if (*p == '-' || *p == '+') p++;
            ok = is_digit(*p);
            while (is_digit(*p)) p++;
        }
        if (ok && (*p == ' ' || *p == '\0')) {
            TICK(4);
            valid++;
        } else {
            TICK(5);   /* not a number: skip to the next space */
            while (*p && *p != ' ') p++;
        }
    }
    return valid;
}
