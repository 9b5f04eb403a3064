/* tests/e2e/programs/contexts.c: one function called from two sites with different inputs, twice from a helper, and through a pointer. */
#include <stdio.h>

int work(int x)
{
    int s = 0;
    for (int i = 0; i < x; i++)
        s += i;
    if (x > 3)
        s++;
    return s;
}

int twice(int x)
{
    return work(x) + work(1);
}

int main(void)
{
    int a, b, c;
    int (*indirect)(int) = work;
    scanf("%d %d %d", &a, &b, &c);
    int t = work(a);
    if (b)
        t += work(2);
    t += twice(c);
    if (a == 0)
        t += indirect(3);
    return t & 1;
}
