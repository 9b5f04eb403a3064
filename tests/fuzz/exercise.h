/* tests/fuzz/exercise.h: what both fuzz targets do with a parsed distribution, and their common set-up. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EXERCISE_H
#define FREQSYS_EXERCISE_H

#include <stddef.h>
#include <stdint.h>
#include "dist.h"

/* The folder the fuzz inputs are parsed in: it holds program.c and the sample files
 * that the corpus names, so specs in the corpus parse as they would for a user. */
#ifndef FUZZ_DATA_DIR
#error "FUZZ_DATA_DIR must name tests/fuzz/data"
#endif

/* Sets GSL's error handler off, as the freqsys command does, so a GSL domain error
 * becomes a value to check and not an abort. Idempotent. */
void exercise_init(void);

/* 0 for inputs that could make empirical() read a device or a kernel file (an endless
 * /dev/zero would look like a hang of the parser, not a bug in it); 1 otherwise. */
int exercise_allowed(const uint8_t *data, size_t size);

/* A NUL-terminated copy of DATA up to its first NUL or, when ONE_LINE, its first
 * newline. Returns NULL when out of memory. The caller frees it. */
char *exercise_text(const uint8_t *data, size_t size, int one_line);

/* Formats D into buffers of several sizes, draws from it with a fixed-seed Philox
 * generator and evaluates its CDF at the draws and at fixed points. Calls abort()
 * with a message on stderr when a promise of dist.h is broken: the formatted length
 * differs between calls or from what was written, an integer-valued distribution
 * draws a non-integer, or a CDF value lies outside [0, 1] or decreases. */
void exercise_dist(const dist *d);

#endif
