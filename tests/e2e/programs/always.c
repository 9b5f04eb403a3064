/* tests/e2e/programs/always.c: writes through a null pointer in every run. */
#include <stdio.h>

int *volatile nowhere = 0;

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    *nowhere = n;
    return 0;
}
