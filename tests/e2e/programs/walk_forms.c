/* tests/e2e/programs/walk_forms.c: a word counter walked over strings drawn by format(), text() and a byte generator. */
/* SPDX-License-Identifier: MIT */
int words(const char *s)
{
    int n = 0;
    while (*s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        while (*s && *s != ' ')
            s++;
        n++;
    }
    return n;
}
