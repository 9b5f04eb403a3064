/* harness/merge.h: finished ranges of trials, merged strictly in trial order into the tallies. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MERGE_H
#define FREQSYS_MERGE_H

#include <stddef.h>
#include <stdint.h>
#include "runner_types.h"
#include "path_tallies.h"
#include "tally.h"
#include "wire.h"

/* A finished range of trials waiting to be merged: its per-block histograms, the
 * trials in it that called abort() or drew a value their type cannot hold (marked
 * WIRE_INPUT_ERROR), or, for a range of one trial that ended its worker, how. */
typedef struct merge_piece {
    uint64_t start, count;
    wire_bin *bins;
    size_t nbins;
    uint64_t *aborted;
    size_t naborted;
    uint64_t crash_trial; /* count 1 and failed: this trial crashed or timed out */
    int failed;           /* 0, or 1 + runner_failure_kind */
    int signal;
} merge_piece;

/* Trials [0, frontier) merged into TALLIES (owned: one per counter); pieces
 * beyond it wait, sorted by start. Pure bookkeeping: no processes, no I/O. */
typedef struct merge {
    tally *tallies;
    size_t ntallies;
    path_tallies hashed;      /* the hashed paths' (owned, taken with the tallies) */
    path_tallies hashed_runs; /* under variance reduction, theirs per run (owned) */
    uint64_t frontier;
    uint64_t crashes, timeouts, input_errors;
    runner_outcomes outcomes;
    runner_crash_site crash_sites[RUNNER_MAX_CRASH_SITES]; /* in order of first trial */
    size_t ncrash_sites;
    uint64_t *unbounded;  /* [ntallies]: trials killed at their timeout while that
                           * counter still ran (owned, zeros until one is) */
    uint64_t *over;       /* [ntallies]: the most one run counted of the counter past its
                           * limit, count_limits.h (owned, zeros until one did) */
    uint64_t over_raised; /* grows whenever an entry of OVER does */
    runner_failure failures[RUNNER_MAX_FAILURES]; /* the smallest trial ids, sorted */
    size_t nfailures;
    merge_piece *pending;
    size_t npending, pending_cap;
    struct score_sums *scores; /* NULL, or where score records (bins with pad != 0) go */
} merge;

/* NTALLIES empty tallies, nothing merged. Returns 0, or -1 when memory ran out
 * (M is then empty and merge_free may still be called). */
int merge_init(merge *m, size_t ntallies);

/* Continues where ST stopped: its first NCOPY tallies (and its hashed paths') are
 * added to M's, its frontier and failure counts taken. Returns 0, or -1 when memory ran out. */
int merge_resume(merge *m, const runner_start *st, size_t ncopy);

/* Takes P (and its arrays) to merge later. Returns 0, or -1 when memory ran out
 * (P's arrays are freed then too). */
int merge_add(merge *m, merge_piece p);

/* Merges every waiting piece that continues the merged prefix, but never past
 * LIMIT: trials beyond a decision point must not influence that decision. Returns
 * 0, or -1 when memory ran out (the tallies are then incomplete). */
int merge_ready(merge *m, uint64_t limit);

/* Trials merged that did not fail. Every merged trial counts in the estimates
 * (frontier); this is the share that ran to its end. */
uint64_t merge_valid(const merge *m);

/* Frees P's arrays. */
void merge_piece_free(merge_piece *p);

/* Frees the waiting pieces and, unless they were taken (set to NULL), the tallies;
 * the hashed paths' too, unless taken (moved out and M's emptied). */
void merge_free(merge *m);

#endif
