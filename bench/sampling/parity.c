/* bench/sampling/parity.c: a branch on the parity of a uniform integer, which no ordering of the draws smooths. */
#include <stdio.h>

int main(void)
{
    long k;
    if (scanf("%ld", &k) != 1)
        return 1;
    if (k % 2 == 0)
        return 0;
    return 2;
}
