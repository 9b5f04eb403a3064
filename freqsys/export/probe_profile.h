/* freqsys/export/probe_profile.h: the result as clang's pseudo-probe sample profile, one exact count per
 * block. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PROBE_PROFILE_H
#define FREQSYS_PROBE_PROFILE_H

#include <stdio.h>
#include "result.h"

/* Compiles the program of SPEC_PATH (the spec R came from) as clang's front end emits
 * it at -O2, numbers its blocks with clang's own pseudo-probe pass (what
 * -fpseudo-probe-for-profiling runs first), and writes to OUT, in the text form of
 * LLVM's sample profiles, every function's probes with round(expected count per run x
 * SCALE) and the CFG checksum clang checks them against. Returns 0, or -1 with ERR
 * saying why (the spec or a source missing, blocks that do not match R's). */
int probe_profile_write(const result *r, const char *spec_path, double scale, FILE *out, char *err,
                        size_t errlen);

#endif
