/* across_lines.c: a line buffer walked by a helper (tests/e2e/across_calls-t.c). */
#include <stdio.h>

/* words in a line: a walk of the caller's buffer */
static int words(const char *line) {
    int n = 0, in = 0;
    for (const char *p = line; *p; p++) {
        if (*p == ' ' || *p == '\n') {
            in = 0;
        } else if (!in) {
            in = 1;
            n++;
        }
    }
    return n;
}

int main(void) {
    char line[64];
    int total = 0;
    while (fgets(line, sizeof line, stdin)) {
        total += words(line);
        for (const char *q = line; *q; q++) /* words's walk, written here: the bound its must equal */
            total += *q == '\n';
    }
    printf("%d\n", total);
    return 0;
}
