/* freqsys/transform/inputs.h: inputs held in globals and undefined externals. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INPUTS_H
#define FREQSYS_INPUTS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "ptr_map.h"
#include "reads.h"
#include "spec.h"

/* For `global NAME ~ D` and `extern T name ~ D`: adds a site each and, at the end of
 * RESET (the globals-reset function, still open: no terminator yet), a draw stored
 * into the variable, so every trial starts from fresh values. For `extern f() ~ D`:
 * gives the undefined function f a body that returns a draw at every call. Then
 * checks that every other undefined function or variable the program uses exists in
 * the C library (or what freqsys is linked with); one that code in REACHABLE uses
 * is an error naming it and where it is used, and one that only unreachable code
 * uses gets a stand-in (a function that aborts the trial, a zero variable) so the
 * program loads. Returns 0 or TRANSFORM_ESPEC (message in ERR). */
int inputs_bind(LLVMModuleRef m, const spec *s, const ptr_map *reachable, LLVMValueRef reset,
                read_sites *sites, char *err, size_t errlen);

/* Converts V (i64 or double, from a runtime draw) to type TO at B. */
LLVMValueRef inputs_convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef to);

/* Emits a call drawing from SITE as a value of type TO (int: the int entry point,
 * float/double: the real one). */
LLVMValueRef inputs_draw(LLVMModuleRef m, LLVMBuilderRef b, unsigned site, LLVMTypeRef to);

#endif
