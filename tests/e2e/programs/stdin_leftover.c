/* tests/e2e/programs/stdin_leftover.c: leaves bytes buffered and one pushed back, which the next trial must not see. */
#include <stdio.h>

int main(void) {
    int c = getchar(), bytes = 0;
    if (c == '\n') {
        puts("a newline first: the previous trial's buffered bytes");
    }
    if (c == '#') {
        puts("'#' first: the previous trial's ungetc");
    }
    if (c == 'x') {
        puts("x first");
    }
    /* stdio's idea of the file position must be this trial's */
    if (ftell(stdin) != 1) {
        puts("not at byte 1: a position left from the previous trial");
    }
    rewind(stdin);
    while (getchar() != EOF) {
        bytes++;
    }
    rewind(stdin);
    getchar();
    ungetc('#', stdin);
    printf("%d\n", bytes);
    return 0;
}
