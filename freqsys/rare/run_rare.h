/* freqsys/rare/run_rare.h: `run --rare BLOCK`: importance sampling for one block: the target, the pilot, the
 * weighted run's settings and its result. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_RARE_H
#define FREQSYS_RUN_RARE_H

#include <stddef.h>
#include <stdint.h>
#include "result.h"
#include "runner.h"
#include "runtime_table.h"
#include "spec.h"

/* Counts are tallied as count x weight in units of 2^-32. */
#define RUN_RARE_UNIT 0x1p32

typedef struct run_rare {
    const runtime_table *rt; /* the module's runtime, whose inputs are tilted */
    int64_t block;           /* the target's index */
    uint64_t pilot_runs, reached;
} run_rare;

/* Finds NAME ("function:label", or a label no other function has) among CFG's
 * module's blocks, follows the tiltable inputs of S, runs the pilot and sets CFG up
 * for the weighted run. Returns 0, or -1 with a message in ERR: no such block (or
 * more than one), no input with a tilt, a pilot that failed. A pilot a stop cut
 * short (stop_request.h) sets no tilt and is no failure: the run, which sees the
 * same stop, then ends at once with no trial. */
int run_rare_prepare(const runtime_table *rt, const char *name, const spec *s, runner_config *cfg,
                     run_rare *st, char *err, size_t errlen);

/* Turns R, made from the weighted run, back into executions per run and names the
 * target, the mixture, the pilot and the tilts. Returns 0, or -1 out of memory. */
int run_rare_result(result *r, const run_rare *st);

#endif
