/* tests/e2e/programs/enumerate_varying.c: how many values it reads depends on the first. */
#include <stdio.h>

int main(void)
{
    int n, v, s = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &v) != 1) return 1;
        if (v)
            s++;
    }
    return s > 100;
}
