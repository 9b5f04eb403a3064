/* tests/fuzz/data/program.c: the program the fuzzed specs name; it is never compiled. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) == 1 && x > 0) puts("positive");
    return 0;
}
