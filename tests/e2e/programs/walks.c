/* tests/e2e/programs/walks.c: loops over drawn strings and a drawn array, each proven or, by design, not. */
/* SPDX-License-Identifier: MIT */
int walks(const char *s, char *t, const int *a, int n)
{
    int total = 0, i, j;
    const char *p;
    for (p = s; *p; p++)
        total++;
    for (i = 0; s[i] != '\0'; i++)
        total += s[i] == 'a';
    p = s;
    while (*p++)
        total++;
    for (p = s; *p && *p != 'b'; p++)
        total++;
    for (p = s; *p == 'a'; p++)
        total++;
    for (j = 0; j < n; j++)
        total += a[j];
    for (p = s + 1; *p; p++)
        total++;
    for (i = 0, p = s; *p; i++)
        if (i % 2)
            p++;
    for (p = s; *p != 'b'; p++)
        if (!p[1])
            break;
    for (char *q = t; *q; q++)
        if (*q == 'a')
            *q = 'b';
    for (p = t; *p; p++)
        total++;
    return total;
}
