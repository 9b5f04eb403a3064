/* bench/real/bubble/bubble.c: bubble sort that stops after a pass without a swap, over a drawn array. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

void bubble(int *a, int n) {
    for (int pass = 0; pass < n - 1; pass++) {
        TICK(0);
        int swapped = 0;
        for (int j = 0; j < n - 1 - pass; j++) {
            if (a[j] > a[j + 1]) {
                TICK(1);
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
                swapped = 1;
            }
        }
        if (!swapped) {
            TICK(2);
            break;
        }
    }
}
