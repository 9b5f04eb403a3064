/* tests/e2e/programs/drawn_globals.c: loop limits in drawn globals the program only reads; near misses. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int n;
int table[16];
int pins[4];
int part[4] = {0, 0, 9, 9};
int bumped;
int written;

static void bump(int *p) {
    *p += 4;
}

/* Helpers a drawn global reaches as an argument. */
static int sum_below(int m) {
    int s = 0;
    for (int i = 0; i < m; i++) s += i;
    return s;
}

static int count_below(int m) {
    int s = 0;
    for (int i = 0; i < m; i++) s++;
    return s;
}

int main(void) {
    int acc = 0;
    for (int i = 0; i < n; i++) /* n: 0 to 8 */
        acc += i;
    for (int j = 0; j < 16; j++)
        for (int k = 0; k < table[j]; k++) /* any element: 0 to 4 */
            acc--;
    for (int k = 0; k < pins[2]; k++) /* one element pinned: 1 to 3 */
        acc++;
    for (int j = 0; j < 4; j++)
        for (int k = 0; k < part[j]; k++) /* two of four drawn, 9 in the others */
            acc += 3;
    bump(&bumped);
    for (int i = 0; i < bumped; i++) /* its address passed on, and 4 added */
        acc += 2;
    if (acc < -1000000) /* a store the trials never make */
        written = 100;
    for (int i = 0; i < written; i++) /* 0 to 8, were it only read */
        acc += 5;
    acc += sum_below(n);        /* n: 0 to 8, reaching the helper's loop */
    acc += count_below(bumped); /* 4 added to it first */
    printf("%d\n", acc);
    return 0;
}
