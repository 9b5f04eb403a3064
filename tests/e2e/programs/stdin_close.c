/* tests/e2e/programs/stdin_close.c: reads standard input, tries to write into it, and closes it. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int n = 0;
    while (getchar() != EOF) {
        n++;
    }
    /* fd 0 is read-only, as with `prog < file` */
    if (write(0, "zz", 2) > 0) {
        puts("wrote into its standard input");
    }
    /* the next trial has a standard input all the same */
    fclose(stdin);
    return n > 100;
}
