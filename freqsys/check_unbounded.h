/* freqsys/check_unbounded.h: `freqsys check --unbounded`: every loop and function without a proven bound, and
 * why. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CHECK_UNBOUNDED_H
#define FREQSYS_CHECK_UNBOUNDED_H

#include <stdio.h>
#include <llvm-c/Core.h>

/* Prints to OUT, from the instrumented module M's block table, a summary line and
 * then each counted function whose entry has no bound per run, with why (recursion,
 * setjmp, a caller without a bound, a call through a pointer), and each loop header
 * without a bound in a function whose entry has one. Returns how many it listed, or
 * -1 when memory ran out. */
int check_unbounded_print(LLVMModuleRef m, FILE *out);

#endif
