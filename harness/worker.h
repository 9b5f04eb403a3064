/* harness/worker.h: a forked process that runs trials in-process, chunk after chunk. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WORKER_H
#define FREQSYS_WORKER_H

#include <stdint.h>
#include "freqsys/abi.h"
#include "count_limits.h"
#include "program.h"
#include "sampling_points.h"
#include "wire.h"

/* What a worker runs, and how: the fields worker_loop reads. */
typedef struct worker_config {
    const fsabi_module *mod;      /* counts into its counters */
    const program_hooks *program; /* run_trial and the rest */
    uint64_t seed;
    int cmd_fd, result_fd; /* chunks in, answers out */
    wire_slot *slot;       /* announces each trial before running it */
    uint64_t rss_limit;    /* bytes of resident memory; 0: no limit */
    sampling_method method;
    uint32_t runs;              /* runs per replicate under a method other than plain */
    uint32_t nscores;           /* scores summed per trial; 0: none */
    double weight_unit;         /* > 0: importance sampling weighs the counts */
    uint64_t *shared_totals;    /* a replicate's totals, where the harness reads them; NULL: private */
    const count_limits *limits; /* what a run may count of each block; NULL: anything */
} worker_config;

/* The worker's loop: reads chunks from CMD_FD, runs their trials with PROGRAM's
 * run_trial (which counts into MOD's counters), and answers on RESULT_FD. Announces each trial in SLOT
 * before running it. Returns when told to stop, when a pipe closes, or after a
 * chunk that left its resident memory above RSS_LIMIT bytes (0: no limit), so a
 * program that leaks is restarted clean; the caller then _exit()s.
 * Under a METHOD other than plain, each trial is a replicate of RUNS runs (see
 * sampling_points.h): the harness gets, per block, the replicate's total count
 * (counter j), and each run's own count (counter NCOUNTERS + j, NCOUNTERS the
 * module's blocks and writes), which tell plain sampling's variance.
 * With NSCORES > 0 (plain sampling), each kept trial's scores (PROGRAM's take_scores)
 * and block counts are summed too, and the sums sent as records (score_sums.h) with
 * the chunk's last message. With WEIGHT_UNIT > 0 (importance sampling, plain
 * sampling), each kept trial's counts are replaced by count x weight x WEIGHT_UNIT,
 * rounded (PROGRAM's take_weight), before they are counted. Every trial counts what
 * it ran however it ended; SHARED_TOTALS (NULL: private) holds a replicate's totals
 * where the harness can read them should the worker die. A run that counts a block
 * past LIMITS (before any weighing) is sent as such: its block's most, and a trial
 * that returned or exited after it as an outcome of its own (wire.h). The capitals
 * name the fields of CFG. */
void worker_loop(const worker_config *cfg);

#endif
