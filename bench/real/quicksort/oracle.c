/* bench/real/quicksort/oracle.c: quicksort called on arrays drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

void quicksort(int *a, int n);

static void one_run(void) {
    int a[48];
    int n = (int)oracle_uniform_int(0, 48);
    for (int i = 0; i < n; i++) a[i] = (int)oracle_uniform_int(0, 99);
    quicksort(a, n);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
