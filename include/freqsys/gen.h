/* include/freqsys/gen.h: draws from the running trial's own random stream, for the C generators a spec names.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GEN_H
#define FREQSYS_GEN_H

/* A spec's generators ("generators \"gen.c\"") are compiled into the module beside
 * the program and called once per trial:
 *
 *     arg s ~ generator(NAME)          const char *NAME(void)
 *         the returned string is copied and passed (length() gives its strlen)
 *     arg buf ~ generator(NAME, CAP)   size_t NAME(unsigned char *buf, size_t cap)
 *         NAME writes up to CAP bytes into a zeroed buffer and returns how many;
 *         the program gets the buffer (a NUL follows the bytes), length() the count
 *     stdin ~ generator(NAME)          void NAME(FILE *out)
 *         what NAME writes to OUT is the program's whole standard input
 *
 * Every random choice a generator makes must come from the functions below: they
 * draw from the trial's own stream, so that a seed gives the same inputs for any
 * number of workers, under MPI, after a checkpoint, with --replay and in `freqsys
 * draw`. rand(), time() and the like are not replaced in a generator's code: they
 * are the C library's, and would make the trials irreproducible. A generator
 * should keep no state from one call to the next for the same reason. */

/* An integer from LO to HI, both included, each equally likely. LO > HI ends the
 * trial with an input error. */
long long fs_int(long long lo, long long hi) __asm__("freqsys_rt_gen_int");

/* A real number in [0, 1), uniformly. */
double fs_real(void) __asm__("freqsys_rt_gen_real");

/* A draw of the distribution the spec declares as `draw NAME ~ D` (for example
 * `draw speed ~ normal(12, 3)`): recorded for --replay and followed by
 * --sensitivity like any other input's draw. A NAME the spec does not declare
 * ends the trial with an input error naming it. */
double fs_draw(const char *name) __asm__("freqsys_rt_gen_draw");

#endif
