/* tests/e2e/programs/busy.c: each run spends about a millisecond of CPU time, well inside its timeout. */
#include <stdio.h>

int main(void) {
    long n;
    volatile long spun = 0;
    scanf("%ld", &n);          /* n ~ uniform_int(300000, 700000) */
    for (long i = 0; i < n; i++)
        spun++;
    return 0;
}
