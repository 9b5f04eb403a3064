/* bench/real/bsearch/bsearch.c: binary search of keys read in a sorted table of 3i + 1 of a size read; counts the misses. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "../tick.h"

#define TABLE_MAX 64

int main(void) {
    static int table[TABLE_MAX];
    int n, queries;
    if (scanf("%d", &n) != 1 || n < 1 || n > TABLE_MAX) return 1;
    for (int i = 0; i < n; i++) table[i] = 3 * i + 1;
    if (scanf("%d", &queries) != 1 || queries < 0 || queries > 16) return 1;
    int misses = 0;
    for (int q = 0; q < queries; q++) {
        int key;
        if (scanf("%d", &key) != 1) return 1;
        int lo = 0, hi = n - 1, found = -1;
        while (lo <= hi) {
            TICK(0);
            int mid = lo + (hi - lo) / 2;
            if (table[mid] == key) {
                TICK(1);
                found = mid;
                break;
            } else if (table[mid] < key) {
                TICK(2);
                lo = mid + 1;
            } else {
                TICK(3);
                hi = mid - 1;
            }
        }
        if (found < 0) {
            TICK(4);
            misses++;
        }
    }
    printf("%d misses\n", misses);
    return 0;
}
