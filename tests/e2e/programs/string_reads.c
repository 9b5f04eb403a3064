/* tests/e2e/programs/string_reads.c: program-mode string reads (scanf %s, fgets) of drawn strings, a variable named like a keyword, a mixture stored in a short. */
#include <stdio.h>

int main(void) {
    char word[8], line[32];
    int seed;
    short level;
    scanf("%d", &seed);
    scanf("%7s", word);
    fgets(line, sizeof line, stdin);
    scanf("%hd", &level);
    int score = 0;
    if (seed > 5) {
        score += 1;
    }
    if (word[0] == 'R') {
        score += 2;
    }
    if (line[0] == '$' && line[3] == 'R') {
        score += 4;
    }
    if (level > 100) {
        score += 8;
    }
    return score;
}
