/* bench/sampling/exponential_loop.c: a loop run floor(x) times, x exponential with mean 10. */
#include <stdio.h>

int main(void)
{
    double x;
    if (scanf("%lf", &x) != 1)
        return 1;
    long s = 0;
    for (long i = 0; i < (long)x; i++)
        s += i;
    return s < 0;
}
