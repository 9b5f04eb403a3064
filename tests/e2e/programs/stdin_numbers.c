/* tests/e2e/programs/stdin_numbers.c: sums the numbers on standard input with scanf until it stops matching. */
#include <stdio.h>

int main(void) {
    long sum = 0;
    int x, big = 0;
    while (scanf("%d", &x) == 1) {
        sum += x;
        if (x >= 500) {
            big++;
        }
    }
    printf("%ld %d\n", sum, big);
    return 0;
}
