/* freqsys/plan/code_size.h: how many bytes each function takes on the target, and how its blocks share them.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CODE_SIZE_H
#define FREQSYS_CODE_SIZE_H

#include <stddef.h>
#include <stdint.h>
#include "code_parts.h"
#include "code_target.h"
#include "spec.h"

typedef struct code_size_function {
    char *name;
    uint64_t size;     /* bytes of its .text.NAME section; 0 if inlined away */
    char **labels;     /* its blocks at -O0, as in the result ... */
    unsigned *weights; /* ... with their instruction counts, to share the size out */
    size_t nblocks;
    unsigned long optimized_instructions; /* IR instructions after the pipeline, 0 if gone */
    double ir_cycles; /* executed IR instructions per run at this level (compact_estimate.c) */
} code_size_function;

typedef struct code_sizes {
    code_size_function *functions;
    size_t n;
    int retargeted;   /* 1: compiled for the host and retargeted (headers missing) */
    char note[512];   /* why it was retargeted */
    char libc[512];   /* which C library's headers the target build used, or why none */
    code_parts parts; /* with a profile: the object's functions and outlined parts, block by block */
} code_sizes;

/* Compiles the sources of S for target T with clang-19 at LEVEL ("-Os", "-Oz", "-O2")
 * with its triple, CPU and flags, the spec's cflags and the bare-metal C library's
 * headers (so <stdio.h> compiles as for the device), and emits an object through an
 * LLVM C API target machine for the module's own triple (an eabihf one keeps the
 * hard-float ABI), one section per function as -ffunction-sections gives, then reads
 * each function's size from its section: the bytes `clang LEVEL -c` gives. NO_INLINE
 * compiles with -fno-inline -fno-unroll-loops -fno-vectorize -fno-slp-vectorize, so
 * that each function's code is its own, sizes add up whatever level each function
 * gets, and no loop body is copied. Sources that still do not compile for the
 * target (headers the library lacks, such as unistd.h) are compiled for the host and
 * the module retargeted, which is noted. The blocks' instruction counts come from the
 * host -O0 module, whose labels are those of the result. With PROFILE (an indexed
 * clang profile whose counts are expected runs x SCALE), clang optimises with it and
 * with hot/cold splitting (CODE_SIZE_PROFILE_FLAGS), and OUT's parts hold every
 * function of the object, outlined cold parts included, with their machine blocks'
 * runs, llvm-mca cycles and bytes (code_parts.h) and their section sizes. Returns 0,
 * or -1 with a message in ERR. */
int code_size_measure(const spec *s, const code_target *t, const char *pipeline, int no_inline,
                      const char *profile, double scale, code_sizes *out, char *err, size_t errlen);

/* What a build adds to -fprofile-instr-use=PROFILE to get the parts the plan names:
 * cold regions outlined into functions of their own, cold meaning the blocks that
 * together make up the last 0.1% of executed blocks (clang's default, 0.0001%, would
 * keep a fault path run once in 500 calls inline), and section names without the
 * .hot/.unlikely prefixes a profile would otherwise give them. */
#define CODE_SIZE_PROFILE_FLAGS                                                                              \
    "-mllvm -hot-cold-split=true -mllvm -profile-summary-cutoff-cold=999000 "                                \
    "-mllvm -profile-guided-section-prefix=false"

const code_size_function *code_size_find(const code_sizes *c, const char *name);

void code_size_free(code_sizes *c);

#endif
