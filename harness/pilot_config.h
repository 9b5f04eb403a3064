/* harness/pilot_config.h: the configuration of a pilot run, short and apart from the run it serves. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PILOT_CONFIG_H
#define FREQSYS_PILOT_CONFIG_H

#include <stdint.h>
#include "runner_types.h"

/* BASE run as a pilot: METHOD with RUNS runs a trial, at most TRIALS trials from the
 * stream SEED (one the run never uses), its timeout BASE's per run times RUNS, and
 * with no progress line, checkpoint, trace, resumed state or limit of trials but
 * TRIALS: its counts only inform a choice and are never the run's. Its time limit is
 * half of BASE's, on BASE's clock (runner_config.limit_clock), so that the pilots
 * before a run leave it at least half its time. */
runner_config pilot_config(const runner_config *base, sampling_method method, uint32_t runs, uint64_t seed,
                           uint64_t trials);

/* A stream for a pilot that the run itself never uses: SEED offset by SALT (each
 * pilot's own), mixed by splitmix64's finaliser. */
uint64_t pilot_seed(uint64_t seed, uint64_t salt);

#endif
