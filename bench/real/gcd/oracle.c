/* bench/real/gcd/oracle.c: gcd's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    oracle_input_start();
    oracle_input_printf("%ld\n", oracle_uniform_int(1, 1000000));
    oracle_input_printf("%ld\n", oracle_uniform_int(1, 1000000));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
