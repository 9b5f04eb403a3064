/* bench/tails/nested.c: a loop of n trips, each reading k and running a loop of k trips. */
#include <stdio.h>

int main(void)
{
    int n, k;
    long s = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &k) != 1) return 1;
        for (int j = 0; j < k; j++)
            s += j;
    }
    printf("%ld\n", s);
    return 0;
}
