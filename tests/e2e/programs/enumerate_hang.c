/* tests/e2e/programs/enumerate_hang.c: one value of the input makes the program compute forever. */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1) return 1;
    for (volatile unsigned spin = 0; x == 7; spin++) {}
    return 0;
}
