/* freqsys/bounds/object_steps.h: a bound on loops that move a pointer one way through one object. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_OBJECT_STEPS_H
#define FREQSYS_OBJECT_STEPS_H

#include "walk_bounds.h"

/* Gives the range of an integer X (an offset), read as signed: 0, or -1 when unknown. */
typedef int (*object_steps_range)(void *ctx, LLVMValueRef x, long long *lo, long long *hi);

/* K, the most times loop L's way round can return to its header per entry when a
 * local pointer variable only ever points into one object of known size (a drawn
 * string argument, a local or global array) and every way round moves it at least a
 * byte the same way, itself or through variables and inlined helpers that return
 * it moved: K is the object's size in bytes (the rule and why it holds are in
 * object_steps.c); -1 when L is not such a loop. RANGE (with CTX) gives offsets that
 * are not constants their range; NULL: constants only. L's inner cycles are not
 * read (they may be NULL). Can't fail. */
long long object_steps_trips(const walk_loop *l, object_steps_range range, void *ctx);

/* Rule (pointers stay in their object, amortized): for a loop L inside another,
 * AROUND is L with the other's blocks for its own, and OWN L's blocks. When every
 * return to L's header through L moves the pointer at least m bytes the same way,
 * and every return through the loop around keeps it where it was or moves it on, its
 * values at the header never go back over one entry into the loop around: at most
 * K = S / m returns through L per entry into the loop around, besides the entries
 * into L. K, or -1 when not proven. */
long long object_steps_amortized(const walk_loop *around, const unsigned char *own, object_steps_range range,
                                 void *ctx);

/* S, the bytes of the one object of known size that the pointer V points into (a
 * drawn argument's buffer, a local or global object: as for the cursor above),
 * through variables, offsets and the C library's searches; -1 when not known. Only
 * L's function is read. */
long long object_steps_pointee_bytes(const walk_loop *l, LLVMValueRef v);

#endif
