/* harness/worker.h: a forked process that runs trials in-process, chunk after chunk. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WORKER_H
#define FREQSYS_WORKER_H

#include <stdint.h>
#include "abi.h"
#include "wire.h"

/* The worker's loop: reads chunks from CMD_FD, runs their trials with RUN_TRIAL
 * (which counts into MOD's counters), and answers on RESULT_FD. Announces each trial in SLOT
 * before running it. Returns when told to stop, when a pipe closes, or after a
 * chunk that left its resident memory above RSS_LIMIT bytes (0: no limit), so a
 * program that leaks is restarted clean; the caller then _exit()s. */
void worker_loop(const fsabi_module *mod, trial_end (*run_trial)(uint64_t seed, uint64_t trial), uint64_t seed,
                 int cmd_fd, int result_fd, wire_slot *slot, uint64_t rss_limit);

#endif
