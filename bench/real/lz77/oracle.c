/* bench/real/lz77/oracle.c: lz77's main run on token streams drawn by the oracle's own generator, in the order the decoder reads them. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    long tokens = oracle_poisson(10);
    oracle_input_start();
    oracle_input_printf("%ld\n", tokens);
    for (long t = 0; t < tokens; t++) {
        int literal = oracle_bernoulli(0.7);
        if (literal)
            oracle_input_printf("1 %ld\n", oracle_uniform_int(0, 255));
        else
            oracle_input_printf("0 %ld %ld\n", oracle_uniform_int(1, 8), oracle_uniform_int(3, 18));
    }
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
