/* freqsys/runtime/plain_calls.h: function mode's short path: arguments drawn ahead in batches, no setjmp. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PLAIN_CALLS_H
#define FREQSYS_PLAIN_CALLS_H

#include <stdint.h>
#include "freqsys/abi.h"
#include "spec.h"

/* Enables the short path when it gives every trial exactly what runtime_run_trial's
 * usual path gives: MOD's entry proven closed (fsabi_module.entry_closed), no input
 * read in the module, one call per trial and no interrupts, no standard input,
 * every parameter a plain number drawn once, not through libffi, and
 * FREQSYS_PLAIN_CALLS not "off". Returns 0, or -1 when memory ran out. */
int plain_calls_prepare(const fsabi_module *mod, const spec *s);

/* Runs trial TRIAL of SEED by the short path and returns 1, or returns 0 when the
 * caller must take the usual path: the path is off, a draw source or hook is set,
 * or one of the trial's drawn values does not fit its parameter (the usual path
 * reports it). The draws are those of the trial's own stream positioned at (SEED,
 * TRIAL), bit for bit; they are kept for replays as the usual path keeps them. */
int plain_calls_run(uint64_t seed, uint64_t trial);

#endif
