/* freqsys/transform/program_ends.h: the program's constructors and destructors run in every trial. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PROGRAM_ENDS_H
#define FREQSYS_PROGRAM_ENDS_H

#include <llvm-c/Core.h>

/* The name of the function program_ends_build adds. */
#define PROGRAM_ENDS_START "freqsys_program_start"

/* Takes M's constructors and destructors (llvm.global_ctors, llvm.global_dtors) out
 * of the module, which the loader would run once in freqsys and never in a trial,
 * and adds in their place an internal function PROGRAM_ENDS_START, for the reset
 * function to call at the start of every trial: it registers each destructor with
 * the runtime's atexit, in the reverse of the order the C library runs them, then
 * calls each constructor in that library's order (by priority, then as listed; a
 * constructor that takes glibc's argc, argv and envp gets zeros). Registered first,
 * the destructors run after every atexit handler, as they would. Sets *START to the
 * function, or NULL when M has neither. Run it after the counters are in, so that
 * the function itself is not counted. Returns 0, or -1 when memory ran out. */
int program_ends_build(LLVMModuleRef m, LLVMValueRef *start);

#endif
