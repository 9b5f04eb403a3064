/* bench/real/tone/oracle.c: tone's main run on beeps drawn by the oracle's own generator, in the order the renderer reads them. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

static void one_run(void) {
    long beeps = oracle_uniform_int(1, 4);
    oracle_input_start();
    oracle_input_printf("%ld\n", beeps);
    for (long b = 0; b < beeps; b++) {
        double seconds = oracle_exponential(20);
        double hertz = oracle_uniform(500, 1500);
        oracle_input_printf("%.17g %.17g\n", seconds, hertz);
    }
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
