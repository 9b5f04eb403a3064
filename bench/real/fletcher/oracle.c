/* bench/real/fletcher/oracle.c: fletcher's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    static const long values[] = {0, 1, 128, 255};
    static const double weights[] = {3, 1, 1, 1};
    long len = oracle_poisson(6);
    oracle_input_start();
    oracle_input_printf("%ld\n", len);
    for (long i = 0; i < len; i++) oracle_input_printf("%ld\n", oracle_discrete(values, weights, 4));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
