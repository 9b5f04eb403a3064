/* tests/e2e/programs/walks_read.c: loops over buffers that scanf's %s and fgets fill, and over arrays, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char word[8], line[8], copy[8];
    const char *lit = "hello", *p;
    int n = 0, i;
    if (scanf("%s", word) != 1)
        return 1;
    for (p = word; *p; p++)
        n++;
    if (!fgets(line, sizeof line, stdin))
        return 1;
    for (i = 0; line[i]; i++)
        n += line[i] == '\n';
    for (p = word + 1; *p; p++)
        n++;
    strcpy(copy, word);
    for (p = copy; *p; p++)
        n++;
    for (p = lit; *p; p++)
        n++;
    char big[300];
    unsigned char k;
    memset(big, 'x', sizeof big);
    big[50] = 0;
    for (k = 0; big[k]; k++)
        n++;
    for (p = big + 1; *p; p++)
        n++;
    return n > 1000;
}
