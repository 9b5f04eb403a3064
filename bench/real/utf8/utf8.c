/* bench/real/utf8/utf8.c: checks that a drawn buffer is well-formed UTF-8 by its lead bytes and continuation bytes (RFC 3629's shapes). */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

int utf8_valid(const unsigned char *s, int len) {
    int i = 0;
    while (i < len) {
        unsigned c = s[i];
        if (c < 0x80) {
            TICK(0);
            i++;
            continue;
        }
        int need;
        if ((c & 0xE0) == 0xC0) {
            TICK(1);
            need = 1;
        } else if ((c & 0xF0) == 0xE0) {
            TICK(2);
            need = 2;
        } else if ((c & 0xF8) == 0xF0) {
            TICK(3);
            need = 3;
        } else {
            TICK(4);   /* a continuation byte or 0xF8.. where a character must start */
            return 0;
        }
        if (i + need >= len) {
            TICK(5);   /* cut short */
            return 0;
        }
        for (int k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0) != 0x80) {
                TICK(6);
                return 0;
            }
        }
        i += need + 1;
    }
    return 1;
}
