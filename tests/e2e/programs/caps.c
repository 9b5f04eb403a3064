/* tests/e2e/programs/caps.c: a helper whose first loop runs 30 times in a quarter of the runs (else 3), and whose second runs twice. */
#include <stdio.h>

/* volatile: the code shows no bound on the second loop, as with a value computed at run time */
static volatile int twice = 2;

static int step(int big) {
    int s = 0;
    for (int i = 0; i < 30; i++) {
        if (!big && i == 3)
            break;
        s += i;
    }
    for (int i = 0; i < twice; i++)
        s -= i;
    return s;
}

int main(void) {
    int k, big = 0;
    if (scanf("%d", &k) != 1) return 1;
    if (k == 0)
        big = 1;
    printf("%d\n", step(big));
    return 0;
}
