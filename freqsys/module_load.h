/* freqsys/module_load.h: the instrumented module built as a shared object, loaded, and bound to the runtime. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODULE_LOAD_H
#define FREQSYS_MODULE_LOAD_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "freqsys/abi.h"
#include "spec.h"

/* Links M into a shared object in a fresh folder under TMPDIR, loads it, finds its
 * FSABI_MODULE_SYMBOL and binds the runtime to it and to S (which checks the ABI
 * version). The folder is removed afterwards unless KEEP (then its path is printed on
 * stderr). M is left to the caller. Returns the descriptor, or NULL with the reason in
 * ERR. The loaded object stays loaded until the process ends. */
const fsabi_module *module_load(LLVMModuleRef m, const spec *s, int keep, char *err, size_t errlen);

#endif
