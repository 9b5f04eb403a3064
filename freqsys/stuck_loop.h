/* freqsys/stuck_loop.h: the loop of the program that a code address of a stuck trial lies in. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STUCK_LOOP_H
#define FREQSYS_STUCK_LOOP_H

#include <stdint.h>
#include "freqsys/abi.h"

/* runner_config.mark_stuck for the loaded module CTX (a const fsabi_module *): finds
 * the function and source line of code address PC from the module's debug
 * information (llvm-symbolizer-19), the blocks of that function at that line, and
 * marks in STUCK the innermost loop of the CFG holding them. An address outside the
 * module (the C library: a trial that waits), or one that cannot be placed, marks
 * nothing. Can't fail. */
void stuck_loop_mark(void *ctx, uint64_t pc, uint8_t *stuck);

#endif
