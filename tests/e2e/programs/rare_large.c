/* tests/e2e/programs/rare_large.c: a loop run once or never, and with p = 0.003 200 times (mean 1.0985). */
#include <stdio.h>

/* volatile: the code shows no bound on the count, as with a value computed at run time */
static volatile int big = 200;

int main(void)
{
    double u;
    if (scanf("%lf", &u) != 1) return 1;
    int n = u < 0.003 ? big : u < 0.5015 ? 1 : 0;
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += i;
    printf("%ld\n", sum);
    return 0;
}
