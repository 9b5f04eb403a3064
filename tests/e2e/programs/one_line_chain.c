/* tests/e2e/programs/one_line_chain.c: a chain of tests and their rare statement on one line, and the function it calls. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

static long controls;

__attribute__((noinline)) static int weight(int c)
{
    int w = c & 7;
    return w + 1;
}

__attribute__((noinline)) static int classify(int c)
{
    if (c < 32 || c == 127) controls++;
    return weight(c);
}

int main(void)
{
    int c;
    long sum = 0;
    while ((c = getchar()) != EOF)
        sum += classify(c);
    printf("%ld %ld\n", sum, controls);
    return 0;
}
