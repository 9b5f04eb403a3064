/* freqsys/transform/function_names.h: the program's function nearest a name the spec gives, for "did you
 * mean". */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_FUNCTION_NAMES_H
#define FREQSYS_FUNCTION_NAMES_H

#include <stddef.h>
#include <llvm-c/Core.h>

/* Writes into HINT (HINTLEN bytes) "; did you mean 'NAME'?" for the function defined
 * in M (not the tool's own, freqsys_..., nor LLVM's) whose name is nearest NAME as
 * typed (spec/suggest.h), or "" when none is near. Returns HINT. Can't fail. */
const char *function_names_hint(LLVMModuleRef m, const char *name, char *hint, size_t hintlen);

#endif
