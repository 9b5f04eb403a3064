/* bench/real/matmul/oracle.c: matmul's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    long n = oracle_uniform_int(1, 8), m = oracle_uniform_int(1, 8), p = oracle_uniform_int(1, 8);
    oracle_input_start();
    oracle_input_printf("%ld %ld %ld\n", n, m, p);
    for (long i = 0; i < n * m + m * p; i++) oracle_input_printf("%ld\n", oracle_uniform_int(-2, 2));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
