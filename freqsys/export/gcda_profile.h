/* freqsys/export/gcda_profile.h: the result's trials as GCC's own profile (.gcda files for gcc
 * -fprofile-use). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCDA_PROFILE_H
#define FREQSYS_GCDA_PROFILE_H

#include <stddef.h>
#include "result.h"

/* Builds the program of SPEC_PATH (the spec R came from) with GCC_FLAGS ("-O2" when
 * NULL) and -fprofile-generate, runs it on the standard input of every trial of R
 * (drawn again as the run drew them), and writes into folder OUT_DIR one .gcda per
 * source, named as `gcc GCC_FLAGS -fprofile-use=OUT_DIR -c SOURCE` in the current
 * folder looks for it: each of GCC's arc counters is its mean per trial x SCALE,
 * rounded. Says the files written on NOTES (may be NULL). Returns 0, or -1 with ERR
 * saying why (a spec without a drawn standard input, a compile that failed). */
int gcda_profile_write(const result *r, const char *spec_path, const char *gcc_flags, double scale,
                       const char *out_dir, FILE *notes, char *err, size_t errlen);

#endif
