/* freqsys/result/path_hashed.h: the result's entries for the paths of functions past --max-paths, counted by
 * id per trial. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PATH_HASHED_H
#define FREQSYS_PATH_HASHED_H

#include "freqsys/abi.h"
#include "result.h"
#include "runner.h"

/* Appends to R->paths one entry per hashed path the trials of RR took (function, then
 * id), judged with CFG's rule against its proven bound (none: not converged), its
 * blocks decoded from its Ball-Larus number where it is one; and completes R's entry
 * of each hashed function (R->path_functions, made before, in function order).
 * Figures are per call: divided by PER, the counted calls of a trial (1 in program mode).
 * Returns 0, or -1 when memory ran out. */
int path_hashed_results(result *r, const fsabi_module *mod, const runner_config *cfg, const runner_result *rr,
                        double per);

#endif
