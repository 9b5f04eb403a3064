/* bench/real/horner/oracle.c: horner called with coefficients and points drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

double horner(const double *c, int deg, double x);

static void one_run(void) {
    double c[11];
    for (int i = 0; i < 11; i++) c[i] = oracle_normal(0, 1);
    int deg = (int)oracle_uniform_int(0, 10);
    horner(c, deg, oracle_uniform(-2, 2));
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
