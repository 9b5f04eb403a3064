/* bench/real/sieve/sieve.c: the sieve of Eratosthenes up to a number read, marking from i*i in steps of i; prints the count of primes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define SIEVE_MAX 3000

int main(void) {
    static char composite[SIEVE_MAX + 1];
    int n;
    if (scanf("%d", &n) != 1 || n < 2 || n > SIEVE_MAX) return 1;
    int primes = 0;
    for (int i = 2; i <= n; i++) {
        if (!composite[i]) {
            TICK(0);
            primes++;
            for (int j = i * i; j <= n; j += i) {
                TICK(1);
                composite[j] = 1;
            }
        }
    }
    printf("%d\n", primes);
    return 0;
}
