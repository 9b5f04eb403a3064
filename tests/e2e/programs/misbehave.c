/* tests/e2e/programs/misbehave.c: crashes, aborts and hangs on some inputs; counts the rest. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int k;
    scanf("%d", &k);          /* k ~ uniform_int(0, 19) */
    if (k == 0) {
        volatile int *p = NULL;
        *p = 1;                /* a crash: SIGSEGV */
    }
    if (k == 1)
        abort();               /* captured: a crash, not a dead worker */
    if (k == 2)
        for (;;) {}            /* a hang: the per-trial timeout ends it */
    if (k == 3)
        exit(3);               /* a normal end of the run */
    if (k >= 10)
        puts("high");          /* 10 of the 17 surviving values: 10/17 */
    return 0;
}
