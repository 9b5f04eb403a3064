/* The oracle's <freqsys/gen.h>: the generators' two draws as plain functions, defined by
 * random_driver.c on its own PRNG (no freqsys runtime, no asm renames). */
#ifndef FREQSYS_GEN_H
#define FREQSYS_GEN_H

/* An integer from LO to HI, both included, each equally likely (LO > HI aborts). */
long long fs_int(long long lo, long long hi);

/* A real number in [0, 1), uniformly (53 bits). */
double fs_real(void);

#endif
