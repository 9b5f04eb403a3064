/* tests/e2e/programs/stop_never.c: a run that never ends when n > 6 (3.35% of runs under poisson(3)), else returns at once. */
#include <stdio.h>

volatile long spin;

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    if (n > 6)
        for (;;) spin++;          /* never ends */
    return 0;
}
