/* freqsys/transform/host_inputs.h: random numbers, the clock, the environment, files and main's arguments. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_HOST_INPUTS_H
#define FREQSYS_HOST_INPUTS_H

#include <llvm-c/Core.h>
#include "ptr_map.h"
#include "spec.h"
#include "transform.h"

/* Makes a trial of M depend on (seed, trial) alone: rand, random and rand_r draw
 * from the trial's stream (srand and srandom do nothing), the clock functions read
 * a virtual clock, getenv returns NULL. Calls in code the entry can reach
 * (REACHABLE) that read the clock, the environment or a file are added to W as
 * warnings with their source line. In program mode, main reading argc or argv
 * without an `argv` declaration in S is an error. Returns 0, TRANSFORM_ESPEC with
 * "FILE:LINE: error: ..." in ERR, or -1 when memory ran out. */
int host_inputs_rewrite(LLVMModuleRef m, const spec *s, const ptr_map *reachable, LLVMValueRef entry,
                        transform_warnings *w, char *err, size_t errlen);

/* host_addresses.c: every reachable use of a host input's address (a function
 * pointer to getenv, time, fopen, scanf, ...) other than a direct call, added to W
 * as a warning saying what a call through it does in a trial; uses in a global's
 * initializer count as reachable. Run before host_inputs_rewrite replaces them.
 * Returns 0, or -1 when memory ran out. */
int host_addresses_warn(LLVMModuleRef m, const spec *s, const ptr_map *reachable, transform_warnings *w);

#endif
