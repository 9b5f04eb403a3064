/* tests/e2e/programs/realint.c: reads with %d a value its spec draws from a real-valued distribution, and with %lf one that is real. */
#include <stdio.h>

int main(void) {
    int n;
    double x;
    if (scanf("%d", &n) != 1) return 1;
    if (scanf("%lf", &x) != 1) return 1;
    return n > 0 && x > 0;
}
