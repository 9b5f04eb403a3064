/* tests/e2e/programs/one_line_if.c: a rare call on the same line as its hot condition, for the profile exports. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

__attribute__((noinline)) static unsigned rare(unsigned h) { return h * 2654435761u + 1; }

int main(void)
{
    unsigned h = 0;
    int c;
    while ((c = getchar()) != EOF) {
        if (c == 255) h = rare(h);
        h = h * 31 + (unsigned)c;
    }
    printf("%u\n", h);
    return 0;
}
