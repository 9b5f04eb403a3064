/* tests/e2e/programs/contexts_deep.c: doubly recursive Fibonacci: at depth 8 its call chains outnumber a function's room for contexts. */
#include <stdio.h>

int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int main(void)
{
    int n;
    scanf("%d", &n);
    return fib(n) & 1;
}
