/* tests/e2e/programs/hangs.c: a loop that never ends when n > 6 (3.35% of runs under poisson(3)), else n steps. */
#include <stdio.h>

volatile long spin;

int step(int n) {
    if (n > 6)
        for (;;) spin++;          /* never ends */
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += i;
    return (int)sum;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    return step(n) & 1;
}
