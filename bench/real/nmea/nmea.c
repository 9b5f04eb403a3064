/* bench/real/nmea/nmea.c: checks NMEA 0183 sentences read line by line: '$', the XOR of the characters up to '*', two hex digits. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int main(void) {
    char line[96];
    int good = 0, bad = 0;
    while (fgets(line, sizeof line, stdin)) {
        TICK(0);
        if (line[0] != '$') {
            TICK(1);   /* not a sentence: a comment or noise */
            continue;
        }
        unsigned sum = 0;
        const char *p = line + 1;
        while (*p && *p != '*' && *p != '\n') {
            TICK(2);
            sum ^= (unsigned char)*p;
            p++;
        }
        if (*p != '*') {
            TICK(3);   /* no checksum field */
            bad++;
            continue;
        }
        int hi = hex_value(p[1]), lo = hi < 0 ? -1 : hex_value(p[2]);
        if (hi < 0 || lo < 0) {
            TICK(4);
            bad++;
        } else if ((unsigned)(hi * 16 + lo) == sum) {
            TICK(5);
            good++;
        } else {
            TICK(6);
            bad++;
        }
    }
    printf("%d good, %d bad\n", good, bad);
    return 0;
}
