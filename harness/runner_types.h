/* harness/runner_types.h: what a run is given and gives back, shared by the runner and its parts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNNER_TYPES_H
#define FREQSYS_RUNNER_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include "freqsys/abi.h"
#include "program.h"
#include "cluster.h"
#include "confine.h"
#include "sampling_points.h"
#include "stop_rule.h"
#include "tally.h"

typedef struct runner_config {
    const fsabi_module *mod; /* loaded, with the runtime bound to it */
    program_hooks program;   /* runs one trial of MOD: the runtime, or a test's fake */
    uint64_t seed;
    int jobs; /* workers; >= 1 */
    uint64_t max_trials;
    double timeout_s;       /* per trial */
    int timeout_calibrated; /* timeout_s was chosen from the first trials (reported only) */
    stop_params stop;
    int progress;                      /* on stderr: 0 nothing, 1 a progress line redrawn (a terminal),
                                        * 2 a line every 10 s (a log); 1 and 2 also warn once when the
                                        * target looks out of the budget's reach */
    FILE *trace;                       /* NULL, or CSV rows trials,block,mean,half_width per check */
    confine_limits limits;             /* what workers may do */
    const struct runner_start *resume; /* NULL, or where an interrupted run stopped */
    cluster *cluster;                  /* NULL or one rank: alone; else this rank of an MPI job */
    /* Called at check points, at most every checkpoint_every_s seconds (rank 0 only),
     * with a state a run can continue from exactly: a kill -9 loses no more. */
    void (*on_checkpoint)(const struct runner_start *state, void *ctx);
    void *checkpoint_ctx;
    double checkpoint_every_s;
    uint64_t stop_after; /* > 0: stop as if interrupted at the first check point past it */
    double time_limit_s; /* > 0: stop once the run has taken this long, with what it has */
    /* When that clock started (NULL: when this runner did): the pilots and the run
     * they serve share one limit, so a pilot stuck on slow trials cannot outlast it. */
    const struct timespec *limit_clock;
    uint64_t worker_rss_limit; /* bytes; a worker past it after a chunk is replaced (0: never) */
    /* Variance reduction: under a method other than plain a trial is a replicate of
     * runs_per_trial runs, and the rule judges each block's replicate totals (i.i.d.)
     * at epsilon x runs_per_trial with ranges x runs_per_trial; the result is per run. */
    sampling_method sampling;
    uint32_t runs_per_trial; /* 1 for plain */
    /* Sensitivities (plain sampling only): each trial's scores for this many
     * parameters (program.take_scores) are summed with the block counts; 0: none. */
    uint32_t nscores;
    /* Importance sampling (plain sampling only): each trial's counts are multiplied by
     * its weight (program.take_weight) and by weight_unit (2^32), rounded, before they
     * are tallied; the rule judges those with every range times weight_unit x
     * max_weight and no facts about counts, and waits for counter rare_block alone.
     * weight_unit 0: off. */
    double weight_unit, max_weight;
    int64_t rare_block;
    /* Quantiles of each block's count per run (plain sampling, one counted call per
     * trial): the run also waits for every block's quantile at each of these levels
     * to settle (quantile_check.h). NULL: none. */
    const double *quantile_levels;
    uint32_t nquantile_levels;
    /* Where a trial killed at its timeout was running: marks in STUCK (a byte per
     * block) the blocks of the loop holding code address PC, so that a loop whose
     * counts the optimiser kept in registers is known unbounded too (counters
     * that visibly moved are marked without it). NULL: counter motion alone. */
    void (*mark_stuck)(void *ctx, uint64_t pc, uint8_t *stuck);
    /* Where a crashed trial stopped: the block of the first of PCS[N] (the faulting
     * address, then return addresses) in the program, or -1. NULL: not offered. */
    long (*locate_crash)(void *ctx, const uint64_t *pcs, int n);
    void *mark_stuck_ctx; /* the context of both */
} runner_config;

#define RUNNER_DEFAULT_RSS_LIMIT (1ull << 30)

typedef enum runner_failure_kind {
    FAILURE_CRASH,
    FAILURE_TIMEOUT,
    FAILURE_INPUT /* a drawn value did not fit its C type: that trial alone fails */
} runner_failure_kind;

typedef struct runner_failure {
    uint64_t trial;
    runner_failure_kind kind;
    int signal; /* crash: the signal that ended it (SIGABRT for abort()) */
} runner_failure;

#define RUNNER_MAX_FAILURES 16

/* Where crashed trials stopped: per block and signal, how many, and the first. */
#define RUNNER_MAX_CRASH_SITES 32
typedef struct runner_crash_site {
    uint32_t block; /* UINT32_MAX: not known (outside the program, no debug information) */
    int signal;
    uint64_t trials, first_trial;
} runner_crash_site;

/* How the trials ended, besides returning: every trial is one of returned, exited,
 * past a cap, past a proven bound, aborted, crashed by a signal, timed out, input
 * error, and counts what it ran. */
#define RUNNER_EXIT_CODES 256
#define RUNNER_SIGNALS    65
typedef struct runner_outcomes {
    uint64_t exits[RUNNER_EXIT_CODES]; /* trials that called exit(k), by k & 255 */
    uint64_t aborts;                   /* abort() or a failed assert(), caught in the worker */
    uint64_t signals[RUNNER_SIGNALS];  /* trials that a signal ended, by its number */
    uint64_t cap_exceeded;             /* returned or exited, having run a block more often
                                        * than a cap allows (count_limits.h) */
    uint64_t proven_exceeded;          /* the same past a bound proven with no cap: a defect */
} runner_outcomes;

/* Where a run stands between check points: enough to continue it exactly. */
typedef struct runner_start {
    uint64_t frontier;      /* trials 0..frontier-1 are merged into tallies */
    uint64_t next_decision; /* the next check point */
    uint64_t crashes, timeouts, input_errors;
    runner_failure failures[RUNNER_MAX_FAILURES];
    size_t nfailures;
    runner_outcomes outcomes;
    runner_crash_site crash_sites[RUNNER_MAX_CRASH_SITES]; /* by first trial */
    size_t ncrash_sites;
    uint64_t *unbounded;         /* [ntallies] trials killed at their timeout while the
                                  * counter was still running; NULL: none */
    uint64_t *over;              /* [ntallies] the most one run counted of a block past its
                                  * limit (count_limits.h), 0: never; NULL: none */
    tally *tallies;              /* [fsabi_ncounters(mod)] */
    struct path_tallies *hashed; /* the hashed paths' tallies; NULL: none */
} runner_start;

typedef struct runner_result {
    uint64_t trials;                                       /* the decision was taken on trials 0..trials-1 */
    uint64_t crashes, timeouts, input_errors;              /* among those trials */
    runner_outcomes outcomes;                              /* how they ended, in detail */
    runner_crash_site crash_sites[RUNNER_MAX_CRASH_SITES]; /* where crashes stopped */
    size_t ncrash_sites;
    int all_failed;                               /* no trial ended well: every one crashed, timed out or
                                                   * failed on its input (never converged) */
    int converged;                                /* every block settled */
    int interrupted;                              /* SIGINT or SIGTERM arrived first */
    int gave_up;                                  /* ended early: every open block needs a bound (stuck) */
    uint64_t paced_by;                            /* converged: 1 + the block the last to settle, whose
                                                   * need set the trials; 0 none (all at the first check) */
    int time_limited;                             /* ended by the time limit */
    tally_moments *moments;                       /* [fsabi_ncounters(mod)]: blocks, MMIO writes, paths; per
                                                   * trial (a replicate's total under variance reduction) */
    block_verdict *verdicts;                      /* the same, on the same scale */
    tally_moments *run_moments;                   /* variance reduction: the same counters per run, over
                                                   * every run of the valid replicates; NULL under plain sampling */
    runner_failure failures[RUNNER_MAX_FAILURES]; /* those with the smallest trial ids */
    size_t nfailures;
    double elapsed_s;
    char error[1024];                 /* set when the run failed (e.g. an input that does not fit) */
    runner_start state;               /* where the run stopped, for a checkpoint (tallies owned);
                                       * state.hashed holds the hashed paths (--paths), sorted by
                                       * function and id, over the same trials as the counters */
    struct score_sums *scores;        /* with nscores: the sums over trials 0..trials-1 (owned) */
    struct path_tallies *hashed_runs; /* variance reduction: the hashed paths per run, over
                                       * the runs of state.hashed's replicates (owned); NULL
                                       * under plain sampling or with no hashed path */
    const struct enumerate_path *enumerated_paths; /* an enumeration's hashed paths, exact, in place */
    size_t nenumerated_paths;                      /* of state.hashed (borrowed; NULL: sampled) */
} runner_result;

#endif
