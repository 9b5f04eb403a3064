/* tests/e2e/programs/wrap_lines.c: walks of lines fgets filled by an index too narrow for their length, beside one wide enough. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void) {
    char line[400];
    int n = 0;
    while (fgets(line, sizeof line, stdin)) {
        unsigned char i;
        for (i = 0; line[i]; i++)
            n++;
        unsigned short j;
        for (j = 0; line[j]; j++)
            n++;
    }
    return n > 100000;
}
