/* tests/e2e/programs/words.c: counts the words of a drawn string, as a tokenizer would. */
/* SPDX-License-Identifier: MIT */
int count_words(const char *s)
{
    int words = 0, in_word = 0;
    for (; *s; s++) {
        if (*s == ' ') {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    return words;
}
