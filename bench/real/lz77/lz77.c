/* bench/real/lz77/lz77.c: decodes an LZ77 token stream read as numbers: a literal byte, or a (distance, length) copy from the output so far. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define OUT_MAX 4096

int main(void) {
    static unsigned char out[OUT_MAX];
    int tokens;
    if (scanf("%d", &tokens) != 1 || tokens < 0) return 1;
    int pos = 0;
    for (int t = 0; t < tokens; t++) {
        int literal;
        if (scanf("%d", &literal) != 1) return 1;
        if (literal) {
            TICK(0);
            int byte;
            if (scanf("%d", &byte) != 1 || pos >= OUT_MAX) return 1;
            out[pos++] = (unsigned char)byte;
            continue;
        }
        int dist, length;
        if (scanf("%d", &dist) != 1 || scanf("%d", &length) != 1) return 1;
        if (dist > pos || pos + length > OUT_MAX) {
            TICK(1);   /* a reference before the start of the output: a corrupt stream */
            return 2;
        }
        for (int k = 0; k < length; k++) {
            TICK(2);
            out[pos] = out[pos - dist];   /* the copy may overlap what it writes */
            pos++;
        }
    }
    printf("%d bytes\n", pos);
    return 0;
}
