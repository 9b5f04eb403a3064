/* bench/real/sieve/oracle.c: sieve's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    long n = 0;
    for (int i = 0; i < 3000; i++) n += oracle_bernoulli(0.5);   /* binomial(3000, 0.5) */
    oracle_input_start();
    oracle_input_printf("%ld\n", n);
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
