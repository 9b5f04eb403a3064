/* freqsys/transform/contexts.h: per-calling-context block counters (run --contexts). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CONTEXTS_H
#define FREQSYS_CONTEXTS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "counters.h"
#include "transform.h"

/* The deepest chain of call sites a context keeps, the most contexts one function
 * gets before the rest share its "other" context, and the most context counters a
 * module gets. */
#define CONTEXTS_MAX_DEPTH       INSTRUMENT_MAX_CONTEXT_DEPTH
#define CONTEXTS_PER_FUNCTION    256u
#define CONTEXTS_MODULE_COUNTERS (1u << 22)

/* A direct call from one counted function to another. */
typedef struct context_site {
    LLVMValueRef call;
    unsigned caller, callee; /* function indices, in the counter table's order */
    unsigned line, column;   /* the call's source position, 0 unknown */
    unsigned local_block;    /* the caller's block holding it, from its first */
    unsigned first_next;     /* into context_plan.next: the callee's context for
                              * each of the caller's contexts, in their order */
} context_site;

/* One context: its chain is context_plan.chain[first_site .. + nsites). */
typedef struct context_entry {
    unsigned function, first_site, nsites, kind; /* kind: FSABI_CONTEXT_* */
} context_entry;

typedef struct context_function {
    LLVMValueRef fn;
    unsigned first_context, ncontexts;
    unsigned first_counter; /* from the start of the context counters */
    unsigned ncounters;     /* ncontexts * nblocks; 0 with one context, whose
                             * counts are the blocks' own */
    unsigned nblocks;
    unsigned first_site, nsites; /* its call sites, into context_plan.sites */
} context_function;

typedef struct context_plan {
    unsigned depth; /* 0: no contexts at all */
    context_function *functions;
    size_t nfunctions;
    context_entry *contexts; /* by function, each function's in its order */
    size_t ncontexts;
    context_site *sites;
    size_t nsites;
    unsigned *chain; /* call-site indices */
    size_t nchain;
    unsigned *next; /* local context indices in the callee */
    size_t nnext;
    unsigned ncounters; /* counters they take, after the paths' */
} context_plan;

/* Finds, from the call graph of M's counted functions, every context each function
 * can be entered in: the chain of the last DEPTH (1 .. CONTEXTS_MAX_DEPTH) direct
 * call sites, starting from the functions entered from outside the direct calls
 * (ENTRY, the NHANDLERS HANDLERS, and every function whose address is taken).
 * Call it just before counters_insert. Returns 0; -1 when memory ran out;
 * TRANSFORM_ESPEC with a message in ERR when the module needs more than
 * CONTEXTS_MODULE_COUNTERS counters. */
int contexts_plan(LLVMModuleRef m, unsigned depth, LLVMValueRef entry, const LLVMValueRef *handlers,
                  size_t nhandlers, context_plan *p, char *err, size_t errlen);

/* Adds to every function of P that has contexts the reading of its context on entry
 * and a second counter per block, indexed by the context, and before each of its
 * call sites the callee's context. T is the table counters_insert made with
 * P->ncounters more counters after the paths'. Returns 0, or -1 out of memory. */
int contexts_insert(LLVMModuleRef m, const counter_table *t, const context_plan *p);

void contexts_free(context_plan *p);

#endif
