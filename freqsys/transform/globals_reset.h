/* freqsys/transform/globals_reset.h: a generated function that restores every global. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GLOBALS_RESET_H
#define FREQSYS_GLOBALS_RESET_H

#include <llvm-c/Core.h>

/* Adds to M a function "freqsys_reset_globals" that sets every writable global the
 * program defines back to its initial value (memcpy from a private constant copy of
 * the initializer, or memset for zero-initialised ones), so no state leaks from one
 * trial into the next one run by the same worker. Globals named freqsys_* are the
 * instrumentation's own and are left alone. Returns the function, still open: its
 * one block has no terminator yet, so draws into globals can be appended. Can't fail. */
LLVMValueRef globals_reset_build(LLVMModuleRef m);

#endif
