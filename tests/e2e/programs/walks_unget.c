/* tests/e2e/programs/walks_unget.c: a pushback can give getchar a character twice, so no read to EOF is bounded. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void)
{
    int c, n = 0;
    c = getchar();
    if (c != EOF)
        ungetc(c, stdin);
    while ((c = getchar()) != EOF)
        n++;
    return n > 100;
}
