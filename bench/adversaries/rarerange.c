/* bench/adversaries/rarerange.c: a loop of 0 to 9 trips, and 2000 once in a thousand runs. */
#include <stdio.h>

int main(void)
{
    double u;
    int k, n, s = 0;
    if (scanf("%lf %d", &u, &k) != 2) return 1;
    n = u < 0.001 ? 2000 : k;
    for (int i = 0; i < n; i++)
        s += i;
    printf("%d\n", s);
    return 0;
}
