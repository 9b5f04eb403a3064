/* freqsys/transform/entry_thunk.h: the function of one fixed C type through which the runtime calls the
 * entry. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ENTRY_THUNK_H
#define FREQSYS_ENTRY_THUNK_H

#include <llvm-c/Core.h>

/* Adds to M the internal function `void freqsys_call_entry(void *const *args)`,
 * which loads parameter i of ENTRY from *args[i], with the parameter's own type,
 * and calls ENTRY with them (the ABI attributes of ENTRY's parameters and result
 * copied to the call); the result is dropped. Returns it, or NULL when memory ran
 * out (M then holds an empty declaration of it). */
LLVMValueRef entry_thunk_build(LLVMModuleRef m, LLVMValueRef entry);

#endif
