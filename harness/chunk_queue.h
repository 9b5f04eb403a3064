/* harness/chunk_queue.h: which trials to hand out next, in chunks sized to the workers' pace, never
 * straddling a check point. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CHUNK_QUEUE_H
#define FREQSYS_CHUNK_QUEUE_H

#include <stddef.h>
#include <stdint.h>
#include "wire.h"

/* Trials come, first, from ranges to run again (after a worker died), then, on a
 * rank that owns the trial indices, fresh from NEXT_FRESH on; on another MPI rank
 * from the leases rank 0 granted it. */
typedef struct chunk_queue {
    wire_chunk *rerun; /* sorted by start */
    size_t nrerun, rerun_cap;
    wire_chunk *leases; /* in the order granted */
    size_t nleases, leases_cap;
    uint64_t next_fresh; /* first trial never handed out */
    uint64_t max_trials;
    uint64_t chunk_size;
    double chunk_seconds; /* the work a chunk is sized for */
} chunk_queue;

/* Empty, handing out fresh trials from FIRST on, below MAX_TRIALS. */
void chunk_queue_init(chunk_queue *q, uint64_t first, uint64_t max_trials);
void chunk_queue_free(chunk_queue *q);

/* Runs [START, START + COUNT) again, before any fresh trial. Returns 0, or -1 when
 * memory ran out. */
int chunk_queue_rerun(chunk_queue *q, uint64_t start, uint64_t count);

/* A lease from rank 0. Returns 0, or -1 when memory ran out. */
int chunk_queue_add_lease(chunk_queue *q, uint64_t start, uint64_t count);

/* The next chunk: a range to run again, else fresh trials below HORIZON, or, with
 * FROM_LEASES, the next part of the first lease (*LEASE_DONE set to 1 when that
 * took the lease's last trials). Count 0: nothing to hand out now. */
wire_chunk chunk_queue_next(chunk_queue *q, uint64_t horizon, int from_leases, int *lease_done);

/* How far fresh trials may be handed out, with trials [0, FRONTIER) merged and
 * NEXT_DECISION the next check point, T seconds into the run: two check points past
 * the next one, or, when that is more, AHEAD_S seconds of the run's pace past the
 * merged trials. */
uint64_t chunk_queue_horizon(const chunk_queue *q, uint64_t frontier, uint64_t next_decision, double t,
                             double ahead_s);

/* The seconds of one worker's work a horizon must cover to keep its two chunks
 * filled. */
double chunk_queue_ahead_seconds(const chunk_queue *q);

/* Sizes chunks for FINISHED trials done by JOBS workers on each of RANKS ranks in T
 * seconds, after
 * finished chunks carried RECENT_BINS histogram bins over RECENT_TRIALS trials (both
 * reset once used). */
void chunk_queue_adapt(chunk_queue *q, uint64_t finished, double t, int jobs, int ranks,
                       uint64_t *recent_bins, uint64_t *recent_trials);

#endif
