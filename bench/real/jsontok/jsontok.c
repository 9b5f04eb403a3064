/* bench/real/jsontok/jsontok.c: counts the tokens of a JSON text (punctuation, strings, numbers), -1 on a lexical error. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int json_tokens(const char *s) {
    int count = 0;
    const char *p = s;
    while (*p) {
        TICK(0);
        switch (*p) {
        case ' ':
            p++;
            continue;
        case '{': case '}': case '[': case ']': case ':': case ',':
            TICK(1);
            p++;
            break;
        case '"':
            TICK(2);
            p++;
            while (*p && *p != '"') {
                TICK(3);
                p++;
            }
            if (!*p) {
                TICK(4);   /* unterminated string */
                return -1;
            }
            p++;
            break;
        default:
            if (*p == '-') p++;
            if (!is_digit(*p)) {
                TICK(5);   /* a minus sign with no digit after it */
                return -1;
            }
            while (is_digit(*p)) {
                TICK(6);
                p++;
            }
            break;
        }
        count++;
    }
    return count;
}
