/* bench/real/sentences/sentences.c: splits a text into sentences and words by index, as a readability meter does; returns the words of the longest sentence. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>

#include "../tick.h"

int longest_sentence(const char *text) {
    int i = 0, words = 0, longest = 0;
    while (text[i]) {
        if (isspace((unsigned char)text[i])) {
            i++;
            continue;
        }
        if (text[i] == '.' || text[i] == '!' || text[i] == '?') {
            TICK(0);   /* a sentence ends */
            if (words > longest) longest = words;
            words = 0;
            while (text[i] == '.' || text[i] == '!' || text[i] == '?')
                i++;
            continue;
        }
        if (isalpha((unsigned char)text[i])) {
            TICK(1);   /* a word */
            words++;
            while (isalpha((unsigned char)text[i]) || text[i] == '\'')
                i++;
        } else {
            TICK(2);   /* a stray character: a digit, a comma */
            i++;
        }
    }
    if (words > longest) {
        TICK(3);   /* the text ends inside a sentence */
        longest = words;
    }
    return longest;
}
