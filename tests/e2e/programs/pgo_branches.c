/* tests/e2e/programs/pgo_branches.c: deterministic && and || branch conditions, whose right sides clang's PGO counts in blocks the usual compile has not, and a select. */
#include <stdio.h>

int main(void)
{
    int n = 0, hits = 0;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0 && i % 3 == 0)
            hits += 1;
        if (i < 4 || i % 5 == 0)
            hits += 10;
        hits += i > 15 ? 3 : 0;   /* a select: true for 4 of the 20 */
    }
    printf("%d\n", hits);
    return 0;
}
