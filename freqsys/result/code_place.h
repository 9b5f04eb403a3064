/* freqsys/result/code_place.h: where in the program a code address of a stuck or crashed trial lies: its
 * block, its loop. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CODE_PLACE_H
#define FREQSYS_CODE_PLACE_H

#include <stdint.h>
#include "freqsys/abi.h"

/* runner_config.mark_stuck for the loaded module CTX (a const fsabi_module *): finds
 * the function and source line of code address PC from the module's debug
 * information (llvm-symbolizer-19), the blocks of that function at that line, and
 * marks in STUCK the innermost loop of the CFG holding them. An address outside the
 * module (the C library: a trial that waits), or one that cannot be placed, marks
 * nothing. Can't fail. */
void code_place_mark_loop(void *ctx, uint64_t pc, uint8_t *stuck);

/* runner_config.locate_crash for the loaded module CTX: the block of the first of
 * PCS[N] (the faulting address, then return addresses, innermost first) that lies
 * in the module, by its function and line; -1 when none does. Can't fail. */
long code_place_block(void *ctx, const uint64_t *pcs, int n);

#endif
