/* freqsys/export/gcda_profile.h: the result's trials as GCC's own profile (.gcda files for gcc
 * -fprofile-use). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCDA_PROFILE_H
#define FREQSYS_GCDA_PROFILE_H

#include <stddef.h>
#include <stdint.h>
#include "result.h"

typedef struct gcda_options {
    const char *gcc_flags;      /* the user's optimisation flags; NULL: "-O2" */
    double scale;               /* runs written: each counter is its mean x SCALE */
    const char *const *objects; /* "SOURCE=OBJECT": the object a source's compile writes */
    size_t nobjects;
    uint64_t trials; /* run GCC's build on the first TRIALS of the result's trials; 0: all */
} gcda_options;

/* Builds the program of SPEC_PATH (the spec R came from) with OPT's GCC flags and
 * -fprofile-generate, runs it on the standard input of every trial of R (drawn again
 * as the run drew them), and writes into folder OUT_DIR one .gcda per source, named
 * as the user's `gcc -fprofile-use=OUT_DIR -c SOURCE -o OBJECT` looks for it: each of
 * GCC's arc counters is its mean per trial x SCALE, rounded. GCC keys the file and
 * its static functions on the object's name: it comes from OPT's objects, else the
 * source's compile_commands entry (its folder, names and -o), else STEM.o here. Says
 * the files written, and progress, on NOTES (may be NULL). Returns 0, or -1 with ERR
 * saying why (a spec without a drawn standard input, a compile that failed). */
int gcda_profile_write(const result *r, const char *spec_path, const gcda_options *opt, const char *out_dir,
                       FILE *notes, char *err, size_t errlen);

#endif
