/* tests/e2e/programs/stdin_chars.c: counts the characters, words and lines of standard input with getchar. */
#include <stdio.h>

int main(void) {
    int c, lines = 0, words = 0, inword = 0;
    /* a character read and pushed back must be read again, in this trial only */
    c = getchar();
    if (c != EOF) ungetc(c, stdin);
    while ((c = getchar()) != EOF) {
        if (c == '\n') {
            lines++;
        }
        if (c == ' ' || c == '\n') {
            inword = 0;
        } else if (!inword) {
            inword = 1;
            words++;
        }
    }
    /* EOF stays EOF: a second read past the end finds nothing either */
    if (getchar() == EOF) {
        puts("end");
    }
    printf("%d %d\n", lines, words);
    return 0;
}
