/* tests/e2e/programs/rare_poisson.c: a loop over a Poisson count, and a branch taken when the count reaches 9. */
#include <stdio.h>

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    if (n >= 9)
        s = -s;
    printf("%ld\n", s);
    return 0;
}
