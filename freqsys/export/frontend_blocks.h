/* freqsys/export/frontend_blocks.h: the program as clang's optimising front end emits it, its blocks matched
 * to a result's. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_FRONTEND_BLOCKS_H
#define FREQSYS_FRONTEND_BLOCKS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "result.h"

/* Compiles the program of SPEC_PATH with the spec's flags but those that add profile
 * counters, as the front end emits it at -O2 with no pass run after it: the code that
 * a compiler reading a profile numbers its places in (discriminators, pseudo-probes).
 * Returns 0 with *OUT in LC, or -1 with ERR saying why. */
int frontend_module_compile(const char *spec_path, LLVMContextRef lc, LLVMModuleRef *out, char *err,
                            size_t errlen);

/* Whether block names A and B differ only in their trailing numbers: LLVM makes block
 * names unique with one counter per function, so an added block shifts the numbers of
 * those after it. */
int block_names_same_stem(const char *a, const char *b);

/* MAP[k]: R's block for block k of function NAME's N blocks BBS, SIZE_MAX when R does
 * not have the function or for a block the optimising front end adds (EXTRA[k] 1 then:
 * a loop's for.cond.cleanup, which ends its variable's lifetime; an unreachable one).
 * Returns 0, or -1 with ERR when the blocks differ (the sources changed since the run). */
int frontend_blocks_match(const result *r, const char *name, LLVMBasicBlockRef *bbs, size_t n, size_t *map,
                          char *extra, char *err, size_t errlen);

#endif
