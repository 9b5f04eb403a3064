/* freqsys/export/instr_profile.h: the result as clang's own instrumented profile (llvm-profdata text form).
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INSTR_PROFILE_H
#define FREQSYS_INSTR_PROFILE_H

#include <stdio.h>
#include "result.h"

/* Compiles the program of SPEC_PATH (the spec the result R came from) with
 * -fprofile-instr-generate, finds the block that increments each of clang's counters,
 * and writes every function's name, hash and counters, each round(expected count per
 * run x SCALE), to OUT in the text form `llvm-profdata merge` reads. Returns 0, or -1
 * with ERR saying why (the spec or a source missing, blocks that do not match R's). */
int instr_profile_write(const result *r, const char *spec_path, double scale, FILE *out, char *err,
                        size_t errlen);

#endif
