/* tests/e2e/programs/single_context.c: a chain of functions each called from one place, beside one called from two. */
#include <stdio.h>

int leaf(int v)
{
    if (v > 3)
        return v * 2;
    return v;
}

int once(int v)
{
    return leaf(v) + 1;
}

int shared(int v)
{
    if (v & 1)
        return v + 1;
    return v;
}

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1)
        return 1;
    int s = once(x);
    s += shared(x);
    s += shared(x + 1);
    printf("%d\n", s);
    return 0;
}
