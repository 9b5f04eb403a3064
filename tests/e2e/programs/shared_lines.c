/* tests/e2e/programs/shared_lines.c: a pointer walked by several loops over each line an fgets fills, set anew per line, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void) {
    char line[16];
    int words = 0, marks = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *q = line, *r = line;
        while (*p && *p != '\n') {
            while (*p == ' ')
                p++;
            if (*p && *p != ' ' && *p != '\n')
                words++;
            while (*p && *p != ' ' && *p != '\n')
                p++;
        }
        if (words < 0)
            while (*q) {
                if (*q == '#')
                    q = line;
                q++;
            }
        while (*r && *r != '\n') {
            if (*r == '#')
                marks++;
            r += 2;
        }
    }
    printf("%d %d\n", words, marks);
    return 0;
}
