/* tests/e2e/programs/sensitivity.c: a loop run a Poisson number of times, a branch on a normal draw, a loop of a uniform_int count. */
#include <stdio.h>

int main(void)
{
    int n, k;
    double x;
    if (scanf("%d %lf %d", &n, &x, &k) != 3) return 1;
    long s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    if (x < 1.0)
        s++;
    for (int j = 0; j < k; j++)
        s--;
    printf("%ld\n", s);
    return 0;
}
