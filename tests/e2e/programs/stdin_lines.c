/* tests/e2e/programs/stdin_lines.c: reads standard input line by line with fgets and counts the 'a's. */
#include <stdio.h>

int main(void) {
    char line[64];
    int as = 0;
    while (fgets(line, sizeof line, stdin)) {
        for (int i = 0; line[i]; i++) {
            if (line[i] == 'a') {
                as++;
            }
        }
    }
    printf("%d\n", as);
    return 0;
}
