/* tests/e2e/programs/wrap_walks.c: walks of a drawn string by an index too narrow for its length, which wraps and never ends, beside ones wide enough. */
/* SPDX-License-Identifier: MIT */
int wraps(const char *s) {
    int n = 0;
    unsigned char i;
    for (i = 0; s[i]; i++)
        n++;
    unsigned short j;
    for (j = 0; s[j]; j++)
        n++;
    signed char k;
    for (k = 0; s[k]; k++)
        n++;
    return n;
}
