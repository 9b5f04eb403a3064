/* bench/real/bsearch/oracle.c: bsearch's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    long n = oracle_uniform_int(1, 64), queries = oracle_uniform_int(0, 16);
    oracle_input_start();
    oracle_input_printf("%ld %ld\n", n, queries);
    for (long q = 0; q < queries; q++) oracle_input_printf("%ld\n", oracle_uniform_int(0, 200));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
