/* freqsys/plan/code_size.h: how many bytes each function takes on the target, and how its blocks share them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CODE_SIZE_H
#define FREQSYS_CODE_SIZE_H

#include <stddef.h>
#include <stdint.h>
#include "spec.h"

typedef struct code_size_function {
    char *name;
    uint64_t size;          /* bytes of its .text.NAME section; 0 if inlined away */
    char **labels;          /* its blocks at -O0, as in the result ... */
    unsigned *weights;      /* ... with their instruction counts, to share the size out */
    size_t nblocks;
} code_size_function;

typedef struct code_sizes {
    code_size_function *functions;
    size_t n;
    int retargeted;         /* 1: compiled for the host and retargeted (headers missing) */
    char note[512];         /* why it was retargeted */
} code_sizes;

/* Compiles the sources of S for TRIPLE (CPU, e.g. "cortex-m4"; "" for the default)
 * with clang-19, optimises with "default<Os>" and emits an object through the LLVM C
 * API target machine with one section per function, then reads each function's size
 * from its section. Sources that do not compile for the target (host headers such as
 * stdio.h) are compiled for the host and the module retargeted, which is noted. The
 * blocks' instruction counts come from the host -O0 module, whose labels are those of
 * the result. Returns 0, or -1 with a message in ERR. */
int code_size_measure(const spec *s, const char *triple, const char *cpu, code_sizes *out,
                      char *err, size_t errlen);

const code_size_function *code_size_find(const code_sizes *c, const char *name);

void code_size_free(code_sizes *c);

#endif
