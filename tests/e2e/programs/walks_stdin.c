/* tests/e2e/programs/walks_stdin.c: loops that read a drawn standard input to its end, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void)
{
    int c, n = 0, k = 0;
    while ((c = getchar()) != '\n' && c != EOF)
        n++;
    while ((c = getchar()) != EOF)
        n += c == 'a';
    for (;;) {
        if (k++ % 2) {
            c = getchar();
            if (c == EOF)
                break;
        }
    }
    char line[16];
    while (fgets(line, sizeof line, stdin))
        n++;
    while (fgets(line, sizeof line, stdin) || n < 5)
        n++;
    return n > 100;
}
