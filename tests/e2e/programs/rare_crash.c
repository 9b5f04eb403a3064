/* tests/e2e/programs/rare_crash.c: a branch taken in the normal tail, and a crash a little further out. */
#include <stdio.h>

int main(void)
{
    double x;
    if (scanf("%lf", &x) != 1) return 1;
    if (x > 3.5) {
        volatile int *nowhere = 0;
        *nowhere = 1;
    }
    if (x > 3.0)
        puts("rare");
    return 0;
}
