/* harness/worker_pool.h: the forked workers: started, fed chunks, read, buried when they die, killed when a
 * trial overruns. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WORKER_POOL_H
#define FREQSYS_WORKER_POOL_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <sys/types.h>
#include "count_limits.h"
#include "counter_share.h"
#include "merge.h"
#include "runner_types.h"
#include "wire.h"

typedef struct pool_worker {
    pid_t pid;
    int cmd_fd, res_fd;
    int busy;                    /* chunks handed to it and not yet returned */
    wire_chunk chunks[2];        /* those chunks, the running one first */
    uint64_t killed_for_timeout; /* WIRE_IDLE, or the trial it overran */
    uint64_t seen_trial;         /* the trial it ran when last looked at ... */
    uint64_t seen_since_ns;      /* ... first seen then, */
    uint64_t seen_cpu_ns;        /* ... when the worker had used this much CPU time */
    clockid_t cpu_clock;         /* the worker's CPU-time clock */
    int has_cpu_clock;           /* 0: trials are timed by the wall clock alone */
    int retiring;                /* said it exits after its last chunk: hand it nothing */
    wire_bin *early;             /* bins of the running chunk sent ahead (partial) */
    size_t nearly;
    /* A trial past its timeout is watched a while longer before it is killed: the
     * counters that moved meanwhile are those of the code it was stuck in. */
    uint64_t *snapshot; /* [ncounters] its counts when it overran, or NULL */
    uint64_t snap_trial, snap_cpu_ns, snap_wall_ns;
    uint64_t pcs[4]; /* where it was seen running meanwhile */
    int npcs;
    uint64_t pc_seq_seen;
} pool_worker;

typedef struct worker_pool {
    const runner_config *cfg; /* the module, the program, the seed, the limits */
    int jobs;
    pool_worker *workers;  /* [jobs] */
    wire_slot *slots;      /* [jobs], shared with the workers */
    counter_share *shares; /* [jobs]: each worker's counters, readable after it died */
    count_limits limits;   /* what a run may count of each block, for the workers and for
                            * the counts of a trial that ended its worker */
    int idle_deaths;
    uint64_t recent_bins, recent_trials; /* what finished chunks carried */
} worker_pool;

/* What a dead worker leaves: ranges to run again, and, when it died in a trial,
 * that trial as a failed piece of one trial, with the counts it made (bins of pad 0)
 * and, for a trial killed at its timeout, the counters still moving when it was
 * killed (bins of pad WIRE_BIN_UNBOUNDED, not counted). */
typedef struct worker_pool_loss {
    wire_chunk rerun[3];
    int nrerun;
    int has_failed;
    merge_piece failed;
} worker_pool_loss;

/* Room for CFG->jobs workers, none started. Returns 0, or -1 when memory ran out
 * (worker_pool_close may still be called). */
int worker_pool_open(worker_pool *p, const runner_config *cfg);

/* Starts every worker. Returns 0, or -1 with the reason in ERR. */
int worker_pool_start(worker_pool *p, char *err, size_t errlen);

/* Kills and reaps every worker, frees everything. */
void worker_pool_close(worker_pool *p);

/* 1 when worker W can take another chunk now (it holds fewer than two). */
int worker_pool_wants(const worker_pool *p, int w);

/* Hands C to worker W. Returns 0, or -1 when its pipe is broken (the caller runs C
 * elsewhere; the death shows when the worker's result pipe closes). */
int worker_pool_give(worker_pool *p, int w, wire_chunk c);

/* The descriptor to watch for worker W's results, or -1 when it owes nothing. */
int worker_pool_fd(const worker_pool *p, int w);

/* Reads one message of worker W. Returns 1 and a finished piece in *OUT (owned by
 * the caller); 0 when it was part of a chunk; 2 when the worker died (call
 * worker_pool_bury); -1 when memory ran out; -2 when the worker stopped the run
 * on an input error (ERR says which trial). */
int worker_pool_receive(worker_pool *p, int w, merge_piece *out, char *err, size_t errlen);

/* Reaps dead worker W, says in *LOSS what it leaves, and starts another. Returns 0,
 * or -2 with the reason in ERR (its limits failed, workers keep dying outside
 * trials, no worker can be started). */
int worker_pool_bury(worker_pool *p, int w, worker_pool_loss *loss, char *err, size_t errlen);

/* The trial that has run longest, when that is at least MIN_S seconds of wall
 * time and of its worker's CPU time (a trial that waits is not interrupted): 1
 * with its id, how long, and the code address it last said it was at (0 when it
 * has not answered yet), after asking it again; else 0. */
int worker_pool_slowest(worker_pool *p, double min_s, uint64_t *trial, double *seconds, uint64_t *pc);

/* Kills the worker of every trial that has used more CPU time than the timeout
 * (or ten times that, plus a second, of wall-clock time), after watching which of
 * its counters still move for a tenth of the timeout more (at least 10 ms) of its
 * CPU time; its death is then classed as a timeout. */
void worker_pool_check_timeouts(worker_pool *p);

/* How the trial a worker was running ended, from the worker's wait STATUS: a timeout
 * only when the harness MARKED the trial as overrunning and the worker then died of
 * the SIGKILL sent for it; a worker that a fault (SIGSEGV, ...) ended first crashed,
 * marked or not. Can't fail. */
runner_failure_kind runner_failure_of(int status, int marked);

#endif
