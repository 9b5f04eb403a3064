/* tests/e2e/programs/real_limits.c: loops of trips converted from real reads, bounded or not. */
#include <stdio.h>

int main(void)
{
    double y, x;
    long s = 0;
    if (scanf("%lf %lf", &y, &x) != 2) return 1;
    for (int i = 0; i < (int)(10 * y); i++)
        s += i;
    for (long j = 0; j < (long)x; j++)
        s += j;
    for (int k = 0; k < (int)(y * y); k++)
        s += k;
    printf("%ld\n", s);
    return 0;
}
