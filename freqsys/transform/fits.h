/* freqsys/transform/fits.h: whether each declared distribution fits the C type its draws are stored in. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_FITS_H
#define FREQSYS_FITS_H

#include <stddef.h>
#include "reads.h"
#include "spec.h"

/* Draws of a distribution that fall outside their destination's integer type
 * (after C's truncation toward zero) with probability above this are an error. */
#define FITS_MAX_MISFIT 1e-9

/* Checks, for every site of SITES stored as an integer, the distribution that
 * feeds it (its variable's, `read *`'s, or its global, extern or mmio declaration;
 * `read N` sites are matched only at run time and are not checked): when a draw can
 * fall outside the type with probability above FITS_MAX_MISFIT, fails with
 * TRANSFORM_ESPEC and a message at the declaration's line and column naming the
 * type, its range, the probability and the read. Returns 0 otherwise. */
int fits_check(const spec *s, const read_sites *sites, char *err, size_t errlen);

#endif
