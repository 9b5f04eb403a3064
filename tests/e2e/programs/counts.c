/* tests/e2e/programs/counts.c: control flow with exactly known block counts (inputs are constants). */
#include <stdio.h>
#include <stdlib.h>

static int calls;            /* must be back to 0 at the start of every trial */

static int fib(int n) {      /* fib(6): 25 calls, 12 of them leaves with n < 2 */
    calls++;
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

static void finish(int code) {
    exit(code);
}

int main(void) {
    int n, m, s = 0;
    scanf("%d %d", &n, &m);   /* n = 10, m = 4 */
    for (int i = 0; i < n; i++)
        s += i;                        /* 10 */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < m; j++)
            s += i * j;                /* 12 */
    int k = 0;
    do {
        k++;                           /* 5 */
    } while (k < 5);
    if (calls != 0)
        s = -1000000;                  /* never, when globals are reset between trials */
    s += fib(6);
    if (calls == 25)
        s += 1;                        /* 1 */
    if (s > 0)
        finish(0);                     /* the rest of main never runs */
    printf("%d\n", s);
    return 0;
}
