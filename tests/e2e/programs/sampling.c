/* tests/e2e/programs/sampling.c: a loop run floor(x) times and a branch on x, for the sampling methods. */
#include <stdio.h>

int main(void)
{
    double x;
    if (scanf("%lf", &x) != 1)
        return 1;
    long s = 0;
    for (int i = 0; i < (int)x; i++)
        s += i;
    if (x > 15)
        s = -s;
    return s > 0;
}
