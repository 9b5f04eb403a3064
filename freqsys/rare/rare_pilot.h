/* freqsys/rare/rare_pilot.h: importance sampling's cross-entropy pilot, run in a confined child process. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RARE_PILOT_H
#define FREQSYS_RARE_PILOT_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"
#include "confine.h"
#include "runtime_table.h"

#define RARE_PILOT_ROUND  20000 /* runs a round; rounds go on until ... */
#define RARE_PILOT_ELITE  20    /* ... a round saw the block this often, */
#define RARE_PILOT_ROUNDS 20    /* or this many rounds ran */

/* Runs the pilot for block TARGET of MOD (bound to the runtime, tilted_draws_enable
 * done) in a forked child confined by LIMITS: rounds of RARE_PILOT_ROUND runs from
 * streams of SEED that the estimation does not use, each refitting the tilts to the
 * weighted runs that reached the block; the fitted tilts are then set in this
 * process (tilted_draws_set). *RUNS and *REACHED say how many runs the pilot made and
 * how many of the last round's reached the block. Returns 0; 1 when a stop was asked
 * for (stop_request.h), which ends it at once, no tilt set; or -1 with the reason
 * in ERR (a run crashed or overran TIMEOUT_S of CPU time, no process could be had). */
int rare_pilot_run(const runtime_table *rt, const fsabi_module *mod, uint64_t seed, uint64_t target,
                   const confine_limits *limits, double timeout_s, uint64_t *runs, uint64_t *reached,
                   char *err, size_t errlen);

#endif
