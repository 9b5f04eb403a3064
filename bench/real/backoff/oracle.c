/* bench/real/backoff/oracle.c: backoff's main run on inputs drawn by the oracle's own generator, rand() included. */
/* SPDX-License-Identifier: MIT */
#include "../oracle.h"

int program_main(void);

/* The program's rand() % window, window a power of two: uniform on 0 .. window - 1,
   as the 31 random bits freqsys gives rand() make it. */
int rand(void) { return (int)oracle_uniform_int(0, 0x7fffffff); }

static void one_run(void) {
    long frames = oracle_uniform_int(1, 4);
    oracle_input_start();
    oracle_input_printf("%ld\n", frames);
    for (long f = 0; f < frames; f++) oracle_input_printf("%ld\n", oracle_geometric(0.45));
    oracle_input_finish();
    program_main();
}

int main(int argc, char **argv) { return oracle_main(argc, argv, one_run); }
