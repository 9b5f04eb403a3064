/* freqsys/transform/closed_entry.h: whether a run of the entry stays within the module's own code. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CLOSED_ENTRY_H
#define FREQSYS_CLOSED_ENTRY_H

#include <llvm-c/Core.h>

/* 1 when every call that a run of ENTRY can make is a direct call of a function
 * defined in the module or of an LLVM intrinsic other than exception handling's: such a run
 * cannot exit, abort, longjmp, read an input, draw from the trial's stream or reach
 * code the transform did not see (a declaration, a pointer, inline assembly), so
 * it ends by returning or by a signal. 0 otherwise, and when memory ran out: the
 * answer is conservative. Run it after the transform has redirected exits and
 * reads to the runtime, whose functions the module only declares. */
int closed_entry(LLVMValueRef entry);

#endif
