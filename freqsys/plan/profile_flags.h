/* freqsys/plan/profile_flags.h: the spec's compiler flags without those that make clang generate a profile.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PROFILE_FLAGS_H
#define FREQSYS_PROFILE_FLAGS_H

#include "spec.h"

/* Whether FLAG makes clang instrument the program to write a profile or coverage:
 * -fprofile-instr-generate, -fprofile-generate, -fcs-profile-generate (each also with
 * =PATH), -fprofile-arcs, --coverage, -fcoverage-mapping. A run needs the first to
 * count clang's own counters; a build that reads a profile (-fprofile-instr-use) must
 * not have any of them: clang refuses the pair. */
int profile_flags_generates(const char *flag);

/* *OUT: S with the spec's cflags and each source's own flags free of the flags
 * profile_flags_generates names; every other field is S's own, shared, so OUT lives
 * no longer than S. Returns 0, or -1 when memory ran out (OUT then needs no release).
 * Release OUT with profile_flags_release, never spec_free. */
int profile_flags_strip(const spec *s, spec *out);

/* Frees what profile_flags_strip allocated for OUT (not what it shares with S). */
void profile_flags_release(spec *out);

#endif
