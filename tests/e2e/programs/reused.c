/* tests/e2e/programs/reused.c: a loop counter used before by other code, and near misses (tests/e2e/reused-t.c). */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

int reused(const char *s, int n) {
    int i, j = 0, sum = 0;
    i = (int)strtol(s, NULL, 10); /* no range known */
    sum += i;
    for (i = 3; i < 10; i++) sum += i;
    i = (int)strtol(s, NULL, 10);
    if (n > 5) sum++;
    i = 4;
    for (; i < 10; i++) sum++;
    i = (int)strtol(s, NULL, 10);
    if (n > 20) goto skip;
    i = 0;
skip:
    for (; i < 10; i++) sum++;
    for (int k = 0; k < 2; k++) {
        for (; j < 10; j++) sum++;
        j = (int)strtol(s, NULL, 10);
    }
    return sum;
}
