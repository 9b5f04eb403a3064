/* bench/sampling/smooth_branch.c: a branch on sin(y), y uniform on (0, pi): taken with probability 2/3. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    double y;
    if (scanf("%lf", &y) != 1)
        return 1;
    if (sin(y) > 0.5)
        puts("high");
    return 0;
}
