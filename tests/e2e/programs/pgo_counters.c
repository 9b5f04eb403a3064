/* tests/e2e/programs/pgo_counters.c: deterministic code with every kind of region clang's PGO counts: loops, if, switch, && and || in branches and values, ?:, a static function. */
#include <stdio.h>

static int odd(int x) { return x & 1; }

int classify(int x)
{
    int r = 0;
    if (x > 3 && odd(x))
        r += 1;
    if (x == 0 || x % 5 == 0)
        r += 2;
    int both = x > 6 && x < 9;      /* && as a value */
    int either = x < 2 || x > 10;   /* || as a value */
    switch (x % 4) {
    case 0: r += 10; break;
    case 1: r += 20; /* falls through */
    case 2: r += 30; break;
    default: r -= 1; break;
    }
    return r + both + either + (x > 5 ? 100 : 0);
}

int main(void)
{
    int n = 0, total = 0;
    scanf("%d", &n);
    for (int i = 0; i < n; i++)
        total += classify(i);
    int k = 0;
    while (k < 3 && total > 0)
        k++;
    do
        k--;
    while (k > 0);
    printf("%d\n", total);
    return 0;
}
