/* harness/cluster.h: the ranks of an MPI job (Open MPI), or one process alone. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CLUSTER_H
#define FREQSYS_CLUSTER_H

#include <stddef.h>
#include <stdint.h>
#include "wire.h"

/* Without mpirun, or in a build without MPI, there is one rank, 0 of 1, and every
 * function below is a no-op that cannot fail. */
typedef struct cluster {
    int rank, size;
    void *barrier;             /* the pending non-blocking barrier, when MPI is built in */
    const volatile int *stop;  /* when set and nonzero, waits give up (a signal came) */
} cluster;

#define CLUSTER_STOPPED (-3)   /* a wait gave up because *stop was set */

/* Joins the MPI job when the process was started by mpirun (and MPI was found at
 * build time). Returns 0, or -1 with a message in ERR: started by mpirun with more
 * than one rank but built without MPI. */
int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen);

void cluster_finish(const cluster *c);

/* 1 when MPI support was built in. */
int cluster_available(void);

/* The collectives below wait without spinning (a rank's workers need the core) and
 * give up with CLUSTER_STOPPED when *C->stop becomes nonzero: a rank that died leaves
 * the others waiting until mpirun signals them.
 *
 * Rank 0 receives every rank's BINS (its own included), concatenated in rank order,
 * in *ALL (malloc'd; others get NULL). Returns 0, or -1 when the job broke. */
int cluster_gather_bins(const cluster *c, const wire_bin *bins, size_t n, wire_bin **all, size_t *nall);

/* A rank reaching a check point announces it (a non-blocking barrier) and keeps its
 * workers busy until every rank is there: waiting inside a blocking collective would
 * spin on a core the workers need. cluster_arrived returns 1 once all ranks have
 * arrived (then the collectives below do not wait), 0 while not, -1 when the job
 * broke. */
int cluster_arrive(cluster *c);
int cluster_arrived(cluster *c);

/* Sums N counters over the ranks into rank 0's V (others keep theirs). */
int cluster_sum(const cluster *c, uint64_t *v, int n);

/* Rank 0's N values, sent to every rank. */
int cluster_broadcast(const cluster *c, uint64_t *v, int n);

#endif
