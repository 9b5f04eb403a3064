/* tests/e2e/programs/stdin_fread.c: reads standard input in 16-byte fread calls, then again with fgetc after rewind. */
#include <stdio.h>

int main(void) {
    char buf[16];
    size_t n;
    int bytes = 0;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) {
        bytes += (int)n;
    }
    rewind(stdin);
    while (fgetc(stdin) != EOF) {
        bytes--;
    }
    if (bytes != 0) {
        puts("the two reads disagree");
    }
    return 0;
}
