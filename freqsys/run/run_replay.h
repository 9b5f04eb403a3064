/* freqsys/run/run_replay.h: `run --replay TRIAL`: one trial in the foreground, for a debugger. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_REPLAY_H
#define FREQSYS_RUN_REPLAY_H

#include <stdint.h>
#include "runtime_table.h"
#include "spec.h"

/* Runs trial TRIAL of SEED in this process, with the program's output on the
 * terminal, and says how it ended and what it drew; a crash shows the draws and dies
 * of the same signal. Returns EXIT_OK, or EXIT_USAGE on an input error. */
int run_replay(const runtime_table *rt, const spec *s, uint64_t seed, uint64_t trial);

#endif
