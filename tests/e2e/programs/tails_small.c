/* tests/e2e/programs/tails_small.c: loops whose trips come from draws with small 0.9 quantiles, an integer's and a real's. */
#include <stdio.h>

int main(void)
{
    long n, e = 0;
    double s;
    if (scanf("%ld %lf", &n, &s) != 2) return 1;
    for (long i = 0; i < n; i++)
        e++;
    long samples = (long)(s * 8000.0);
    for (long j = 0; j < samples; j++)
        e++;
    printf("%ld\n", e);
    return 0;
}
