/* examples/newton/newton.c: Newton's square root, the running example of the FreqSys paper. */
#include <math.h>
#include <stdio.h>

int main(void) {
    double ask, x = 1.0;
    const double eps = 0.001;

    if (scanf("%lf", &ask) != 1 || ask < 0)
        return 1;
    while (fabs(x * x - ask) > eps) {
        x = (x + ask / x) / 2;
    }
    printf("sqrt(%g) = %g\n", ask, x);
    return 0;
}
