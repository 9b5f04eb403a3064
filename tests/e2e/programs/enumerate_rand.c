/* tests/e2e/programs/enumerate_rand.c: a branch on rand() besides the declared input. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1) return 1;
    if (rand() % 2)
        x++;
    return x > 100;
}
