/* freqsys/transform/module_table.h: the descriptor through which the harness finds everything. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODULE_TABLE_H
#define FREQSYS_MODULE_TABLE_H

#include <llvm-c/Core.h>
#include "counters.h"
#include "reads.h"

/* Emits the global FSABI_MODULE_SYMBOL (layout: fsabi_module in abi.h) with the
 * block, function and read-site tables, the reset function and the entry. Can't fail. */
void module_table_emit(LLVMModuleRef m, const counter_table *t, const read_sites *sites,
                       LLVMValueRef reset_fn, LLVMValueRef entry);

#endif
