/* bench/real/bubble/oracle.c: bubble called on arrays drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

void bubble(int *a, int n);

static void one_run(void) {
    int a[24];
    int n = (int)oracle_uniform_int(0, 24);
    for (int i = 0; i < n; i++) a[i] = (int)oracle_uniform_int(0, 99);
    bubble(a, n);
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
