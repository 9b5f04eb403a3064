/* freqsys/transform/module_table.h: the descriptor through which the harness finds everything. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MODULE_TABLE_H
#define FREQSYS_MODULE_TABLE_H

#include <llvm-c/Core.h>
#include "contexts.h"
#include "counters.h"
#include "entry_args.h"
#include "loop_bounds.h"
#include "mmio.h"
#include "paths.h"
#include "reads.h"

/* Everything the transform made that the harness must find. */
typedef struct module_plan {
    const counter_table *counters;
    const read_sites *sites;
    const entry_plan *entry_plan; /* NULL in program mode */
    const mmio_writes *writes;
    LLVMValueRef reset_fn, entry;
    LLVMValueRef call_entry; /* entry_thunk_build's function for ENTRY */
    const path_plan *paths;  /* NULL without paths */
    /* Call sequences (function mode): each trial counts COUNTED_CALLS calls of ENTRY,
     * each followed by handler k run at most HANDLER_MAX[k] times
     * (FSABI_RUNS_UNBOUNDED: no bound). COUNTED_CALLS 1 and no handlers: one call. */
    unsigned long long counted_calls;
    const LLVMValueRef *handlers;
    const uint64_t *handler_max;
    size_t nhandlers;
    const context_plan *contexts; /* NULL without contexts */
    bound_given *given;           /* the spec's caps and read ranges for the bounds; NULL: none.
                                   * Its caps' `used` marks say which were found */
    int entry_closed;             /* closed_entry of the entry (function mode), else 0 */
    LLVMValueRef start;           /* program_ends_build's function, run once per trial before
                                   * the entry; NULL: none */
} module_plan;

/* Emits the global FSABI_MODULE_SYMBOL (layout: fsabi_module in abi.h) with the
 * block, function, site, parameter and argument tables, the reset function and the
 * entry and the function that calls it (plan->call_entry). Returns 0, or -1 when
 * memory ran out (the module is then half-made: dispose of it). */
int module_table_emit(LLVMModuleRef m, const module_plan *plan);

#endif
