/* tests/e2e/programs/tails_heavy.c: a loop of x trips, x drawn from a heavy-tailed lognormal. */
#include <stdio.h>

int main(void)
{
    long x, s = 0;
    if (scanf("%ld", &x) != 1) return 1;
    for (long i = 0; i < x; i++)
        s += i & 3;
    printf("%ld\n", s);
    return 0;
}
