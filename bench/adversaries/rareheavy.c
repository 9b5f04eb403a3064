/* bench/adversaries/rareheavy.c: a loop of (int)(40 y) trips, and 10,000 when y < 1e-4. */
#include <stdio.h>

int main(void)
{
    double y;
    int n, s = 0;
    if (scanf("%lf", &y) != 1) return 1;
    n = y < 1e-4 ? 10000 : (int)(40 * y);
    for (int i = 0; i < n; i++)
        s += i;
    printf("%d\n", s);
    return 0;
}
