/* tests/e2e/programs/stop_enumerate.c: a million combinations of two inputs, each run a little work: an enumeration that lasts. */
#include <stdio.h>

volatile unsigned long work;

int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    for (int i = 0; i < 20000; i++)
        work += (unsigned long)(a ^ b ^ i);
    return 0;
}
