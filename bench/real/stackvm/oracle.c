/* bench/real/stackvm/oracle.c: stackvm's main run on programs drawn by the oracle's own generator. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    static const long values[] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const double weights[] = {1, 6, 2, 2, 3, 3, 3, 1};
    oracle_input_start();
    for (int i = 0; i < 16; i++) oracle_input_printf("%ld\n", oracle_discrete(values, weights, 8));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
