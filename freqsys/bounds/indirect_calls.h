/* freqsys/bounds/indirect_calls.h: which functions a call through a pointer can reach. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_INDIRECT_CALLS_H
#define FREQSYS_INDIRECT_CALLS_H

#include <stddef.h>
#include <llvm-c/Core.h>

/* Why calls of a function through pointers cannot be followed (indirect_calls_why). */
typedef enum indirect_block {
    INDIRECT_FOLLOWED = 0,   /* only the module's own calls through pointers can reach it */
    INDIRECT_ESCAPES,        /* its address reaches code outside the module */
    INDIRECT_UNKNOWN_CALLEE, /* the module calls a function outside it that may call back */
} indirect_block;

/* Whether I is a call through a pointer (not a direct call, not inline assembly). */
int indirect_calls_is_site(LLVMValueRef i);

/* Whether the call through a pointer SITE can reach FN: their function types agree
 * (calling a function through a pointer of another type is undefined in C). */
int indirect_calls_may_reach(LLVMValueRef site, LLVMValueRef fn);

/* Whether every function outside M that M calls is one of the C library's that never
 * calls a function it is given (or LLVM's, or the runtime's reads), and M holds no
 * inline assembly: then only M's own calls through pointers can call M's functions.
 * Names NAME (at most LEN bytes) the first that is not ("inline assembly"), when it is
 * not. */
int indirect_calls_closed(LLVMModuleRef m, char *name, size_t len);

/* For FN, a defined function whose address is taken: INDIRECT_FOLLOWED when every use
 * of the address stays where only the module's code can call through it (stored to
 * memory, a global's initial value, an argument to the module's own functions,
 * compared, chosen by a select or phi) and CLOSED (indirect_calls_closed); the
 * runtime's tables (freqsys_*, llvm.*) and any other use let code outside call it. */
indirect_block indirect_calls_why(LLVMValueRef fn, int closed);

#endif
