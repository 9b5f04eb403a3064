/* freqsys/transform/counters.h: a counter in every basic block, and the block table. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COUNTERS_H
#define FREQSYS_COUNTERS_H

#include <stddef.h>
#include <llvm-c/Core.h>

typedef struct counted_block {
    char *function, *label, *file;
    unsigned line, function_index;
    unsigned first_successor, nsuccessors; /* into counter_table.edges */
    unsigned first_callee, ncallees;
} counted_block;

typedef struct counted_function {
    char *name, *file;
    unsigned first_block, nblocks, line;
} counted_function;

/* What counters_insert made: the table the module descriptor describes. */
typedef struct counter_table {
    counted_block *blocks;
    size_t nblocks;
    counted_function *functions;
    size_t nfunctions;
    unsigned nwrites;           /* counters after the blocks', for MMIO writes */
    unsigned npaths;            /* counters after the writes', for paths (paths.c) */
    unsigned ncontext_counters; /* counters after the paths', for contexts (contexts.c) */
    unsigned ncounters, nslots; /* sizes of the counter and function-flag arrays */
    unsigned *edges;            /* successor block and callee function indices */
    size_t nedges, edges_cap;
    unsigned nmarks; /* size of the marks array (fsabi_nmarks) */
    LLVMValueRef counters, fn_touched, touched_list, touched_count, marks; /* globals */
} counter_table;

/* Adds to every block of every function defined in M (after its PHIs and landing
 * pads) an increment of its own 64-bit counter (in a big function also the mark of
 * its group of counters, fsabi_marked_groups), and to every function's entry the
 * bookkeeping of which functions ran. NWRITES more counters follow the blocks' for
 * MMIO writes, spanned by a last function "(mmio writes)" (see counters_mark_write),
 * NPATHS more after those for paths (paths_insert), and NCONTEXTS more after those
 * for calling contexts (contexts_insert). Returns 0, or -1 when memory ran out. */
int counters_insert(LLVMModuleRef m, counter_table *t, unsigned nwrites, unsigned npaths, unsigned ncontexts);

/* Builds, at B's position, the increment of write counter K and the mark that the
 * "(mmio writes)" function ran in this trial. */
void counters_mark_write(LLVMBuilderRef b, const counter_table *t, unsigned k);

void counters_free(counter_table *t);

#endif
