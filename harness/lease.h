/* harness/lease.h: the MPI lease protocol: rank 0 leases trial ranges to the other ranks and takes their
 * finished pieces back. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_LEASE_H
#define FREQSYS_LEASE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "chunk_queue.h"
#include "cluster.h"
#include "merge.h"

/* Rank 0 hands out every fresh trial index, to its own workers in chunks and to
 * the other ranks in leases, and merges all pieces in trial order exactly as a
 * single process does; so decisions, and the result, do not depend on the number
 * of ranks. Another rank keeps two leases: when it starts handing out the last
 * trials of one, it asks for the next, and the answer arrives while it works. A
 * rank that is faster finishes its leases sooner and so asks more often. */
typedef struct lease {
    cluster *cluster;
    int rank, ranks;
    int *asks;     /* rank 0: each rank's unanswered asks for a lease */
    double *rates; /* rank 0: each rank's trials per second, as it said */
    uint64_t done; /* other ranks: trials finished here */
} lease;

/* Every rank a lease needs to keep an MPI job's ranks fed: 0 and L ready, or -1 when
 * memory ran out (lease_free may still be called). */
int lease_init(lease *l, cluster *c);
void lease_free(lease *l);

/* How many seconds of the run's pace rank 0 hands out ahead of the merged trials. */
#define LEASE_HORIZON_SECONDS 0.25

/* Another rank: asks rank 0 for one more lease, saying how fast it ran trials in
 * T seconds. Returns 0, or -1 when the job broke or memory ran out. */
int lease_ask(lease *l, double t);

/* Another rank: sends finished piece P to rank 0 (P's arrays are freed). Returns 0,
 * or -1 when the job broke or memory ran out. */
int lease_ship(lease *l, merge_piece *p);

/* Rank 0: answers the asks it can with fresh trials of Q below LIMIT. Returns 0, or
 * -1 when the job broke or memory ran out. */
int lease_grant(lease *l, chunk_queue *q, uint64_t limit);

/* Takes every message that has arrived: pieces into M (rank 0), leases into Q
 * (other ranks). Returns 0; 1 when rank 0 said stop; 2 when a rank left before
 * being told; -1 out of memory; -2 a broken job or another rank's error (in ERR). */
int lease_take_messages(lease *l, merge *m, chunk_queue *q, char *err, size_t errlen);

/* Rank 0 at the end: tells every rank to stop and, when WAIT, takes what they still
 * send until each has said bye (for at most 5 s, or until *STOP turns nonzero), so
 * no send is left waiting. An interrupted job does not wait: a rank may be dead,
 * and the result must be written first. */
void lease_stop_ranks(lease *l, int wait, const volatile sig_atomic_t *stop);

/* Another rank at the end: says bye to rank 0, with ERROR if it had one. */
void lease_say_bye(lease *l, const char *error);

#endif
