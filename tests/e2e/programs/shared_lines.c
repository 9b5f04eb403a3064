/* tests/e2e/programs/shared_lines.c: a pointer walked by several loops over each line an fgets fills, set anew per line, and near misses. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

static char *kept;

static void keep(char *buffer) { kept = buffer; }

int main(void) {
    char line[16];
    int words = 0, marks = 0, j, m;
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *q = line, *r = line, *w = line;
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
        for (j = 0; line[j] && line[j] != '\n';) {
            while (line[j] == ' ')
                j++;
            if (line[j] && line[j] != '\n')
                j++;
        }
        if (words < 0)
            for (m = 0; line[m] != '\n';) {
                if (line[m] == 'a')
                    m++;
                m++;
            }
        char other[16];
        strcpy(other, line);
        keep(other);
        char *o = other;
        while (*o && *o != '\n') {
            while (*o == 'a')
                o++;
            if (*o && *o != '\n')
                o++;
        }
        while (*w) {
            if (*w == 'a') {
                *w = 'b';
                if (*w == 'a')
                    w++;
            } else {
                w++;
            }
        }
    }
    printf("%d %d\n", words, marks);
    return 0;
}
