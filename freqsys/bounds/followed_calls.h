/* freqsys/bounds/followed_calls.h: the value a small function of the program returns on known arguments.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_FOLLOWED_CALLS_H
#define FREQSYS_FOLLOWED_CALLS_H

#include <stdint.h>
#include <llvm-c/Core.h>

/* What following calls may spend and assume. */
typedef struct followed {
    unsigned budget; /* instructions still to run, shared with the caller's own work */
    int c_locale;    /* <ctype.h>'s classes are the C locale's all run long */
} followed;

/* The value the call of FN on ARGS (NARGS of them, each masked to its width) returns,
 * into OUT: the C library's <ctype.h> functions in the C locale (when S->c_locale),
 * or a defined function of the program run instruction by instruction, when its way
 * to its return and the value it returns follow from ARGS (followed_calls.c says
 * how). Returns 0, or -1 when it cannot be known. */
int followed_call(followed *s, LLVMValueRef fn, unsigned nargs, const uint64_t *args, uint64_t *out);

#endif
