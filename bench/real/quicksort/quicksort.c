/* bench/real/quicksort/quicksort.c: recursive quicksort with Lomuto's partition (last element as pivot) of a drawn array. */
/* SPDX-License-Identifier: MIT */
#include "../tick.h"

static void swap(int *x, int *y) {
    int t = *x;
    *x = *y;
    *y = t;
}

static int partition(int *a, int lo, int hi) {
    int pivot = a[hi];
    int i = lo;
    for (int j = lo; j < hi; j++) {
        TICK(1);
        if (a[j] < pivot) {
            TICK(2);
            swap(&a[i], &a[j]);
            i++;
        }
    }
    swap(&a[i], &a[hi]);
    return i;
}

static void sort_range(int *a, int lo, int hi) {
    if (lo < hi) {
        TICK(0);
        int p = partition(a, lo, hi);
        sort_range(a, lo, p - 1);
        sort_range(a, p + 1, hi);
    }
}

void quicksort(int *a, int n) { sort_range(a, 0, n - 1); }
