/* tests/e2e/programs/walks_lines.c: walks of buffers the C library's fgets fills from a drawn standard input. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void)
{
    char first[16], line[16];
    int n = 0;
    fgets(first, sizeof first, stdin);
    for (const char *p = first; *p; p++)
        n++;
    while (fgets(line, sizeof line, stdin))
        for (const char *p = line; *p; p++)
            n += *p == 'a';
    return n > 1000;
}
