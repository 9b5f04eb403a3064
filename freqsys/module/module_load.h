/* freqsys/module/module_load.h: the instrumented module built as a shared object with its runtime, loaded,
 * and bound. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODULE_LOAD_H
#define FREQSYS_MODULE_LOAD_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "freqsys/abi.h"
#include "runtime_table.h"
#include "spec.h"

/* Links M with the runtime library (runtime_path.c) into a shared object in a fresh
 * folder under TMPDIR, loads it, finds its FSABI_MODULE_SYMBOL and its runtime's
 * table (*RT), and binds that runtime to the module and to S (which checks the ABI
 * version). The folder is removed afterwards unless KEEP (then its path is printed
 * on stderr). M is left to the caller. Returns the descriptor, or NULL with the
 * reason in ERR. The loaded object stays loaded until the process ends. */
const fsabi_module *module_load(LLVMModuleRef m, const spec *s, int keep, const runtime_table **rt, char *err,
                                size_t errlen);

/* The runtime alone, linked into a shared object of no program and loaded, for what
 * needs its draws without a program (`freqsys draw`); with S (may be NULL), S's
 * generators too. Returns its table, or NULL with the reason in ERR and in *STATUS
 * TRANSFORM_ESPEC for a spec error (a generator of the wrong type), else nonzero. */
const runtime_table *module_load_runtime(const spec *s, int *status, char *err, size_t errlen);

#endif
