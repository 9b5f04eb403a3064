/* tests/e2e/programs/length_args.c: counted loops over lengths that length() passes with their string and array. */
/* SPDX-License-Identifier: MIT */
int lengths(const char *s, int len, const int *a, int na) {
    int n = 0;
    for (int i = 0; i < len; i++)
        n += s[i] == 'a';
    for (int i = 0; i <= len; i++)
        n++;
    for (int i = 0; i < na; i++)
        n += a[i];
    return n;
}
