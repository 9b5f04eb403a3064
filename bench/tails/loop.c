/* bench/tails/loop.c: a loop of n trips, n read once. */
#include <stdio.h>

int main(void)
{
    int n, s = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++)
        s += i;
    printf("%d\n", s);
    return 0;
}
