/* tests/e2e/programs/sensitivity_coins.c: heads until the first tail, each coin a read of its own. */
#include <stdio.h>

int main(void)
{
    int coin;
    long heads = 0;
    while (scanf("%d", &coin) == 1 && coin == 1)
        heads++;
    printf("%ld\n", heads);
    return 0;
}
