/* freqsys/bounds/global_values.h: drawn globals the program only reads keep the values drawn for them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GLOBAL_VALUES_H
#define FREQSYS_GLOBAL_VALUES_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "spec.h"

/* A global the spec draws before each trial (`global NAME ~ D`, `array(LEN, D)`,
 * `permutation(LEN)`, one element `global NAME[K] ~ D`, `extern T NAME ~ D`): elements
 * FIRST .. FIRST + COUNT - 1, of ELEM_BYTES each, from LO to HI; WHOLE when they are
 * all of it. */
typedef struct global_fact {
    LLVMValueRef global;
    unsigned long long first, count, elem_bytes;
    int whole;
    double lo, hi;
} global_fact;

typedef struct global_facts {
    global_fact *facts;
    size_t n;
} global_facts;

/* The facts of S's drawn globals in M whose every use by the program is a load
 * (through GEPs and casts): only the runtime's draw writes them, before the trial,
 * and nothing can learn their address to write them later. Returns 0, or -1 when
 * memory ran out. */
int global_facts_make(LLVMModuleRef m, const spec *s, global_facts *out);

/* Rule (drawn globals): LOAD reads an integer element of a global of F, at a
 * constant element or (for a global drawn whole) at any element: its drawn range,
 * read as SGN, into LO and HI. Returns 1, or 0 when not known. */
int global_values_range(const global_facts *f, LLVMValueRef load, int sgn, long long *lo, long long *hi);

/* The facts of F for the globals of the same names in M, a copy of F's module (an
 * inlined copy: inline_copy.h), into OUT. Returns 0, or -1 when memory ran out. */
int global_facts_moved(const global_facts *f, LLVMModuleRef m, global_facts *out);

void global_facts_free(global_facts *f);

#endif
