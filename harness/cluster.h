/* harness/cluster.h: the ranks of an MPI job (Open MPI), or one process alone, and the messages between them.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CLUSTER_H
#define FREQSYS_CLUSTER_H

#include <stddef.h>
#include <stdint.h>

/* Without mpirun, or in a build without MPI, there is one rank, 0 of 1; nothing
 * below is then called. */
typedef struct cluster {
    int rank, size;
    int local_size; /* ranks on this host (1 alone) */
    void *sends;    /* messages on their way, when MPI is built in */
    size_t nsends, sends_cap;
} cluster;

/* What ranks say to each other. Rank 0 owns the trial indices and merges; every
 * other rank asks it for leases of trials, runs them with its own workers, and sends
 * each finished piece back, so a faster rank simply asks more often. */
typedef enum cluster_tag {
    CLUSTER_ASK = 1, /* to rank 0: one more lease, please (data: uint64 trials/s) */
    CLUSTER_LEASE,   /* from rank 0: uint64 start, count; count 0 means stop */
    CLUSTER_PIECE,   /* to rank 0: a finished piece (wire_bin records, see lease.c) */
    CLUSTER_BYE      /* to rank 0: stopped; nothing more follows from this rank */
} cluster_tag;

typedef struct cluster_message {
    int from;
    cluster_tag tag;
    void *data; /* malloc'd; the receiver frees it */
    size_t bytes;
} cluster_message;

/* Joins the MPI job when the process was started by mpirun (and MPI was found at
 * build time). Returns 0, or -1 with a message in ERR: started by mpirun with more
 * than one rank but built without MPI, or MPI_Init failed. */
int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen);

/* Waits (at most a few seconds) for the messages still on their way, then leaves
 * the job. */
void cluster_finish(cluster *c);

/* 1 when MPI support was built in. */
int cluster_available(void);

/* Sends BYTES of DATA (malloc'd; the cluster frees it once sent) to rank TO without
 * waiting. Returns 0, or -1 when the job broke or memory ran out (DATA freed). */
int cluster_send(cluster *c, int to, cluster_tag tag, void *data, size_t bytes);

/* Takes one message that has arrived, without waiting: 1 and *M filled, 0 when
 * there is none, -1 when the job broke or memory ran out. */
int cluster_receive(cluster *c, cluster_message *m);

/* Lets sends in flight complete; returns how many are still on their way, or -1
 * when the job broke. Call it often: a large message moves only while both sides
 * call into MPI. */
int cluster_progress(cluster *c);

#endif
