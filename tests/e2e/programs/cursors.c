/* tests/e2e/programs/cursors.c: walks of a drawn string that start past a tested length, proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>

int parse(const char *s, int len)
{
    if (len < 7)
        return -1;
    const char *p = s + 7;
    int v = 0;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (*p - '0');
        p++;
    }
    return v;
}

int cursors(const char *s, int len, int other)
{
    const char *a, *b, *c, *d;
    int n = 0, i;
    if (len >= 3)
        for (a = s + 3; *a; a++)
            n++;
    if (len > 4)
        for (i = 5; s[i] != '\0'; i++)
            n++;
    if (len == 9)
        for (b = s + 9; *b; b++)
            n++;
    if (other >= 7)
        for (c = s + 7; *c; c++)
            n++;
    if (len >= 5)
        for (d = s + 7; *d; d++)
            n++;
    return n;
}
