/* tests/e2e/programs/stdin_files.c: counts the lines of standard input with getline. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    int lines = 0;
    while (getline(&line, &cap, stdin) > 0) {
        lines++;
    }
    free(line);
    printf("%d\n", lines);
    return 0;
}
