/* freqsys/bounds/pointee_values.h: values the runtime puts behind a pointer argument, while nothing else can
 * write them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_POINTEE_VALUES_H
#define FREQSYS_POINTEE_VALUES_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/Core.h>

/* What the runtime writes behind one pointer parameter before each call: COUNT
 * integers of SIZE bytes from byte OFFSET, each from LO to HI as the parameter's
 * declaration reads them (IS_SIGNED: as a signed type). */
typedef struct pointee_fact {
    unsigned param;
    uint64_t offset;
    unsigned size, count;
    int is_signed;
    double lo, hi;
} pointee_fact;

/* Every fact of the entry's pointer parameters, and per parameter the bytes the
 * runtime zeroes before the facts are written (0: none known). */
typedef struct pointee_facts {
    pointee_fact *facts;
    size_t nfacts;
    uint64_t *zeroed; /* [nparams] */
    size_t nparams;
} pointee_facts;

struct bound_walks;
struct entry_plan;
struct spec;

/* Rule (pointees the runtime fills), its facts: from PLAN's arguments (S its spec),
 * what the runtime writes behind each pointer parameter before every call: a ref()'s
 * values, a ref(length(s))'s length (LENGTH_MOST[p]: the most length() gives
 * parameter p; -1: unknown), a struct's declared fields, and the zeros it writes
 * first behind a struct, a ref or `zeroed`. Returns 0, or -1 when memory ran out. */
int pointee_facts_make(const struct entry_plan *plan, const struct spec *s, const double *length_most,
                       pointee_facts *out);

/* Rule (pointees the runtime fills): LOAD reads an integer at a constant offset behind
 * a pointer parameter of W's entry, reached only by loads in the entry (the pointer
 * is never stored, passed on, converted or compared away, so neither the program nor
 * a callee can write there during the call), where the runtime put a value of known
 * range: that range, read as SGN, into LO and HI. Returns 1, or 0 when not known. */
int pointee_values_range(const struct bound_walks *w, LLVMValueRef load, int sgn, long long *lo,
                         long long *hi);

void pointee_facts_free(pointee_facts *f);

#endif
