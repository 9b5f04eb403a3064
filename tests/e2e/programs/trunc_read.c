/* tests/e2e/programs/trunc_read.c: a loop limit read from a real draw, which C truncates toward zero. */
#include <stdio.h>

int main(void)
{
    int n, s = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = -5; i < n; i++)
        s++;
    printf("%d\n", s);
    return 0;
}
