/* bench/sampling/grid.c: a nest of loops over two uniform sizes, and a branch on their sum. */
#include <stdio.h>

int main(void)
{
    double a, b;
    if (scanf("%lf %lf", &a, &b) != 2)
        return 1;
    long s = 0;
    for (int i = 0; i < (int)a; i++)
        for (int j = 0; j < (int)b; j++)
            s += i ^ j;
    if (a + b > 30)
        s = -s;
    return s > 0;
}
