/* tests/e2e/programs/enumerate_crash.c: one value of the input makes the program fault. */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1) return 1;
    if (x == 7)
        *(volatile int *)0 = 1;
    return 0;
}
