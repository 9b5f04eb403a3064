/* tests/e2e/programs/gen_stdin.c: counts the lines of standard input, which a C generator writes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void)
{
    int c, lines = 0;
    while ((c = getchar()) != EOF) {
        if (c == '\n')
            lines++;
    }
    return lines;
}
