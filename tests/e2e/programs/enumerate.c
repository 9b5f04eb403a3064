/* tests/e2e/programs/enumerate.c: a loop as long as a drawn integer, and a branch taken for one value in seven. */
#include <stdio.h>

int main(void)
{
    int x;
    if (scanf("%d", &x) != 1) return 1;
    long s = 0;
    for (int i = 0; i < x; i++)
        s += i;
    if (x % 7 == 3)
        s++;
    printf("%ld\n", s);
    return 0;
}
