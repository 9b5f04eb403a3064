/* harness/natural_loop.h: the innermost loop of a function's CFG that holds a given block. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_NATURAL_LOOP_H
#define FREQSYS_NATURAL_LOOP_H

#include <stdint.h>
#include "freqsys/abi.h"

/* Sets MARKS[b] = 1 (MARKS: one byte per block of MOD) for every block of the
 * smallest natural loop of BLOCK's function that contains BLOCK: a header H entered
 * by a back edge of the depth-first search from the function's entry, and every
 * block that reaches that edge's source without passing through H. Returns the
 * number of blocks marked: 0 when BLOCK is in no loop, -1 when memory ran out. */
int natural_loop_mark(const fsabi_module *mod, uint32_t block, uint8_t *marks);

#endif
