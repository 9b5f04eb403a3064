/* tests/e2e/programs/given.c: bounds from reads that cannot fail, read and chosen limits, and the spec's caps. */
#include <stdio.h>

static int collatz(int x) {                 /* cap collatz 300: any block, per call */
    int s = 0;
    while (x > 1) {
        x = x % 2 ? 3 * x + 1 : x / 2;
        s++;
    }
    return s;
}

int read_count(void) {                      /* function mode's entry */
    int n;
    if (scanf("%d", &n) != 1)               /* line 15: scanf cannot fail */
        return -1;                          /* line 16: exact 0 */
    return n;
}

int main(void) {
    int n, m, s = 0;
    double u;
    if (scanf("%d", &n) != 1)               /* line 23 */
        return 1;                           /* line 24: exact 0 */
    for (int i = 0; i < n; i++)             /* line 25: n ~ uniform_int(0, 99): at most 100 tests */
        s++;
    scanf("%d", &m);
    for (int j = m; j > 0; j--)             /* line 28: m ~ truncated(poisson(4), 0, 20): 21 */
        s++;
    scanf("%lf", &u);
    int k = u < 0.003 ? 200 : 1;
    for (int i = 0; i < k; i++)             /* line 32: k is 200 or 1: 201 */
        s++;
    int a[10];
    for (unsigned i = 0; i < sizeof a / sizeof a[0]; i++)   /* line 35: 11 */
        a[i] = (int)i;
    int x = n + 1;
    while (x != 1) {                        /* line 38: cap given.c:38 200 */
        x = x % 2 ? 3 * x + 1 : x / 2;
        s++;
    }
    s += collatz(n + 3);
    printf("%d %d %d\n", s, a[3], read_count());
    return 0;
}
