/* tests/e2e/programs/rare_normal.c: a branch taken once in 10^4 runs, when a normal draw passes its 1 - 10^-4 quantile. */
#include <stdio.h>

int main(void)
{
    double x;
    if (scanf("%lf", &x) != 1) return 1;
    if (x > 3.7190164854556804)
        puts("rare");
    return 0;
}
