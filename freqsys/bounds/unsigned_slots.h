/* freqsys/bounds/unsigned_slots.h: offsets C declares unsigned, which never move a pointer back. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_UNSIGNED_SLOTS_H
#define FREQSYS_UNSIGNED_SLOTS_H

#include <llvm-c/Core.h>
#include "ptr_map.h"

/* Fills OUT with M's allocas that debug information declares as local variables or
 * parameters of an unsigned integer type (size_t, unsigned, uint8_t, _Bool): each
 * maps to 1, or to 0 where a declaration gives the alloca a signed type. Returns 0,
 * or -1 when memory ran out. */
int unsigned_slots_make(LLVMModuleRef m, ptr_map *out);

/* Rule (unsigned offsets): whether IX, the offset of a pointer's arithmetic, is at
 * least 0 as C reads it: zero-extended, read whole from a variable of SLOTS, or unsigned
 * arithmetic (no signed-wrap flag) on such values and constants (`op += length + 4`).
 * The IR reads a 64-bit offset as signed and cannot tell `p += n` for a size_t n from
 * `p -= m`; C can: n is a number from 0 up, and p + n for an n of 2^63 or more leaves
 * every object, which is undefined. Assumed, as no IR shows it: the value is not
 * converted to a signed type on its way (`p += (long)n`, defined for n of 2^63 or more
 * as a step back). */
int unsigned_slots_offset(const ptr_map *slots, LLVMValueRef ix);

#endif
