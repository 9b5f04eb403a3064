/* bench/real/isort/isort.c: insertion sort of a drawn array, the textbook version that shifts instead of swapping. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

void isort(int *a, int n) {
    for (int i = 1; i < n; i++) {
        TICK(0);
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            TICK(1);
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}
