/* bench/real/isort/oracle.c: isort called on arrays drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

void isort(int *a, int n);

static void one_run(void) {
    int a[40];
    int n = (int)oracle_uniform_int(0, 40);
    for (int i = 0; i < n; i++) a[i] = (int)oracle_uniform_int(0, 999);
    isort(a, n);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
