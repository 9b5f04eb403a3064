/* freqsys/bounds/given_walks.h: what the spec says of inputs a loop can walk: drawn arguments, a drawn
 * stdin. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GIVEN_WALKS_H
#define FREQSYS_GIVEN_WALKS_H

#include <llvm-c/Core.h>
#include "loop_bounds.h"
#include "spec.h"

/* Fills OUT from S for module M: in function mode the entry and, per parameter, the
 * range its distribution gives a number and the most characters a string() gets;
 * the most bytes a `stdin ~` form can give; whether a read can find the input
 * ended. What cannot be known is left unknown. Returns 0, or -1 when memory ran out
 * (OUT then all unknown). */
int given_walks_make(LLVMModuleRef m, const spec *s, bound_walks *out);

/* Whether PARAM is a parameter of W's entry that only the runtime passes (every use of
 * the entry is the call in the module's freqsys_call_entry, so no call of the
 * program's own gives it other values); then its declared least and greatest value
 * go to LO and HI, and its string bound (-1: none) to TEXT_MAX. */
int given_walks_param(const bound_walks *w, LLVMValueRef param, double *lo, double *hi, double *text_max);

/* The most bytes of the buffer the runtime passes W's entry as its pointer parameter
 * PARAM (a drawn string's with the NUL after it, a buffer's, an array's at its longest,
 * a ref's), when only the runtime calls the entry; -1 when not known. */
double given_walks_object_bytes(const bound_walks *w, LLVMValueRef param);

/* The parameter of W's entry whose length PARAM is (`arg len ~ length(s)`: s), when s
 * is bytes the runtime ends with a NUL at that length (a string, a text, a
 * generator's) and only the runtime calls the entry; else NULL. */
LLVMValueRef given_walks_length(const bound_walks *w, LLVMValueRef param);

/* Whether only the runtime calls W's entry (given_walks_param's condition), so that
 * what it passes is all the entry gets. */
int given_walks_runtime_only(const bound_walks *w);

void given_walks_free(bound_walks *w);

#endif
