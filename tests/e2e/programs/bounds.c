/* tests/e2e/programs/bounds.c: blocks whose proven bounds per run are known, and a rare branch that runs a loop. */
#include <stdio.h>

static int helper(int x) { return x + 1; }        /* two calls outside loops: at most 2 */
static int inloop(int x) { return x * 2; }        /* called in a loop of 5 passes */
static int viaptr(int x) { return x - 1; }        /* called through the one pointer of its type */
static int recurse(int n) { return n <= 0 ? 0 : 1 + recurse(n - 1); }   /* unbounded */

int main(void) {
    int rare, s = 0;
    scanf("%d", &rare);                           /* rare ~ bernoulli(0.005) */
    s += helper(1);
    s += helper(2);
    for (int i = 0; i < 5; i++)                   /* line 14: the test runs 6 times */
        s += inloop(i);
    for (int i = 10; i > 0; i -= 2)               /* line 16: 10, 8, 6, 4, 2 and the end */
        s++;
    for (int i = 0; i <= 3; i++)                  /* line 18: 4 passes */
        for (int j = 0; j < 2; j++)               /* line 19: 3 tests per pass, 12 in all */
            s++;
    int (*f)(int) = viaptr;
    s += f(3);
    s += recurse(3);
    if (rare == 7)
        for (;;) {}                               /* line 25: a run that reaches it never ends */
    if (rare)                                     /* p = 1/200 */
        for (int k = 0; k < 20; k++)              /* line 27: 20 iterations, 0.1 per run */
            s++;
    printf("%d\n", s);
    return 0;
}
