/* bench/real/keyval/keyval.c: reads `key = value` lines as a config file reader does (blanks, # comments, spaces, quoted values) and counts each kind of line. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

int main(void) {
    char line[48];
    long pairs = 0, comments = 0, blanks = 0, errors = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#') {
            TICK(0);
            comments++;
            continue;
        }
        if (*p == '\n' || *p == '\0') {
            TICK(1);
            blanks++;
            continue;
        }
        char *key = p;
        while (*p && *p != '=' && *p != ' ' && *p != '\n') {
            TICK(2);
            p++;
        }
        if (p == key) {
            TICK(3);   /* a line that starts with '=' */
            errors++;
            continue;
        }
        while (*p == ' ')
            p++;
        if (*p != '=') {
            TICK(4);   /* a key with no '=' after it */
            errors++;
            continue;
        }
        p++;
        while (*p == ' ')
            p++;
        if (*p == '"') {
            p++;
            while (*p && *p != '"' && *p != '\n') {
                TICK(5);
                p++;
            }
            if (*p != '"') {
                TICK(6);   /* an unterminated quote */
                errors++;
                continue;
            }
            p++;
        } else {
            while (*p && *p != '\n' && *p != ' ' && *p != '#')
                p++;
        }
        while (*p == ' ')
            p++;
        if (*p && *p != '\n' && *p != '#') {
            TICK(7);   /* something after the value */
            errors++;
            continue;
        }
        pairs++;
    }
    printf("pairs %ld comments %ld blanks %ld errors %ld\n", pairs, comments, blanks, errors);
    return 0;
}
