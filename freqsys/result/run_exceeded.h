/* freqsys/result/run_exceeded.h: the caps and proven bounds a run's trials contradicted, as the result lists
 * them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_EXCEEDED_H
#define FREQSYS_RUN_EXCEEDED_H

#include "report/result.h"
#include "runner.h"
#include "spec.h"

/* Fills R->exceeded from the counts RR's trials took past their limits
 * (rr->state.over, count_limits.h), under CFG and spec S: the global cap first, then
 * each of the spec's named caps in its order, then every proven bound; each with the
 * block whose count showed it most. FILE_OF(path, CTX) gives a block's file as the
 * result writes it (a new string). Returns 0, or -1 when memory ran out. */
int run_exceeded_fill(result *r, const spec *s, const runner_config *cfg, const runner_result *rr,
                      char *(*file_of)(const char *path, void *ctx), void *ctx);

#endif
