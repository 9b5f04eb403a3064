/* tests/e2e/programs/tails.c: loops whose trips follow reads of unbounded distributions. */
#include <stdio.h>

int main(void)
{
    int n, m, k, s = 0;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s++;
    for (int i = 0; i < m; i++) {
        if (scanf("%d", &k) != 1) return 1;
        for (int j = 0; j < k; j++)
            s += j;
    }
    printf("%d\n", s);
    return 0;
}
