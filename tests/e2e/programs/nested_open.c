/* tests/e2e/programs/nested_open.c: a counted loop inside a loop no rule bounds. */
/* SPDX-License-Identifier: MIT */
int nested(const char *s) {
    int t = 0;
    unsigned k = 0;
    while (s[k % 8] != 'z') {
        for (int j = 0; j < 3; j++)
            t += s[j];
        k += (unsigned)t;
        if (t > 1000) break;
    }
    return t;
}
