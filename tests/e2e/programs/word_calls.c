/* tests/e2e/programs/word_calls.c: counts the words of a line and the long ones, called in function mode. */
/* SPDX-License-Identifier: MIT */
static int calls; /* state kept from call to call of a trial */

int words(const char *s, int min_long) {
    int n = 0, longs = 0, len = 0;
    for (; *s; s++) {
        if (*s == ' ') {
            if (len) n++;
            if (len >= min_long) longs++;
            len = 0;
        } else {
            len++;
        }
    }
    if (len) n++;
    if (++calls > 3) /* never: each trial starts afresh, with 3 calls */
        return -1;
    return n * 100 + longs;
}

int main(void) {
    return words("a bb ccc", 2) & 1;
}
