/* bench/real/keyval/oracle.c: keyval's main run on standard inputs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    char line[25];
    long lines = oracle_poisson(4);
    oracle_input_start();
    for (long i = 0; i < lines; i++) {
        oracle_string(line, oracle_uniform_int(0, 24), "ab  ==#\"");
        oracle_input_printf("%s\n", line);
    }
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
