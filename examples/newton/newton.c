/* examples/newton/newton.c: Newton's square root, the running example of the FreqSys paper. */
#include <math.h>
#include <stdio.h>

double newton_sqrt(double ask) {
    double x = 1.0;
    const double eps = 0.001;

    while (fabs(x * x - ask) > eps) {
        x = (x + ask / x) / 2;
    }
    return x;
}

int main(void) {
    double ask;

    if (scanf("%lf", &ask) != 1 || ask < 0)
        return 1;
    printf("sqrt(%g) = %g\n", ask, newton_sqrt(ask));
    return 0;
}
