/* freqsys/bounds/gep_offsets.h: the byte offset a GEP of constant indices adds to its pointer. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GEP_OFFSETS_H
#define FREQSYS_GEP_OFFSETS_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* The byte offset GEP (an instruction or a constant expression) adds to its pointer,
 * every index a constant, laid out by TD, into *ADDED: whole objects of the source
 * type for the first index, then a struct's field or an array's element for each
 * next. Returns 1, or 0 when it cannot be told (a variable index, a vector, an index
 * of 2^32 or more, an offset too large to hold). */
int gep_offsets_constant(LLVMTargetDataRef td, LLVMValueRef gep, long long *added);

#endif
