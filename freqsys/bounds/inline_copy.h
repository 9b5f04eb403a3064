/* freqsys/bounds/inline_copy.h: a copy of a module with its callees inlined, for proofs across calls. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INLINE_COPY_H
#define FREQSYS_INLINE_COPY_H

#include <stddef.h>
#include <llvm-c/Core.h>

/* Most blocks a function of the copy may grow to: finding loops is quadratic in a
 * function's blocks, and loop_bounds gives up past 4096. */
#define INLINE_COPY_MAX_BLOCKS 1500

/* A copy of M in which direct calls are replaced by the callee's body wherever the
 * callee is in no call cycle, takes a fixed number of arguments, calls nothing that
 * returns twice, is not one of the NKEEP functions named in KEEP (those stay
 * functions, as the runtime calls them), and the caller stays within
 * INLINE_COPY_MAX_BLOCKS (and the copy within four times M's blocks). Inlining keeps
 * the meaning of the code, so a bound proven on the copy holds for M; a fact the
 * caller knows (a buffer's size, an argument's range) now reaches the callee's loops.
 * The lifetime markers inlining adds are taken out again (they are no loads or stores
 * of a variable, and the provers would see its address escape), and the fields of
 * local structs whose address stays local become variables of their own
 * (field_slots.h). *INLINED gets the number of call sites inlined. Returns NULL when
 * memory ran out, or nothing could be inlined and no field was split (then *INLINED
 * is 0). */
LLVMModuleRef inline_copy_make(LLVMModuleRef m, const char *const *keep, size_t nkeep, size_t *inlined);

#endif
