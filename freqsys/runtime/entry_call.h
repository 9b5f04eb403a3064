/* freqsys/runtime/entry_call.h: function mode: one call of the isolated function with drawn arguments. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ENTRY_CALL_H
#define FREQSYS_ENTRY_CALL_H

#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "freqsys/abi.h"
#include "spec.h"

/* Builds the libffi call description of MOD's entry from its parameter table and
 * binds each argument declaration to its distribution in S. Returns 0, or -1 with a
 * message in ERR. */
int entry_call_prepare(const fsabi_module *mod, const spec *s, char *err, size_t errlen);

/* Draws every argument (numbers first, then what pointers point to) from the trial's
 * stream R and calls the entry once. A value that does not fit ends the trial with
 * an input error (runtime_fail). */
void entry_call(gsl_rng *r);

#endif
