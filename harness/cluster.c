/* harness/cluster.c: MPI collectives for the runner: gathering histogram bins, summing counts, broadcasting decisions. */
/* SPDX-License-Identifier: MIT */
#include "cluster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* mpirun tells its processes how many ranks there are through the environment. */
static int launched_ranks(void) {
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && atoi(v) > 0) return atoi(v);
    }
    return 0;
}

#ifdef FREQSYS_HAVE_MPI
#include <mpi.h>
#include <time.h>

/* Waits for REQ, sleeping between tests; gives up when a signal asked to stop. */
static int wait_for(const cluster *c, MPI_Request *req) {
    for (;;) {
        int done = 0;
        if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return -1;
        if (done) return 0;
        if (c->stop && *c->stop) return CLUSTER_STOPPED;
        struct timespec t = {0, 100000};
        nanosleep(&t, NULL);
    }
}

int cluster_available(void) { return 1; }

int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen) {
    c->rank = 0;
    c->size = 1;
    c->barrier = NULL;
    c->stop = NULL;
    if (launched_ranks() == 0) return 0;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        snprintf(err, errlen, "MPI_Init failed");
        return -1;
    }
    /* a failed peer must end the collective with an error, not leave rank 0 waiting */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->size);
    return 0;
}

void cluster_finish(const cluster *c) {
    int started = 0;
    MPI_Initialized(&started);
    if (started) MPI_Finalize();
}

int cluster_gather_bins(const cluster *c, const wire_bin *bins, size_t n, wire_bin **all, size_t *nall) {
    *all = NULL;
    *nall = 0;
    if (c->size == 1) {
        *all = malloc((n + 1) * sizeof **all);
        if (!*all) return -1;
        memcpy(*all, bins, n * sizeof *bins);
        *nall = n;
        return 0;
    }
    /* bins travel as bytes: wire_bin has a fixed layout of 24 bytes */
    int bytes = (int)(n * sizeof *bins);
    int *counts = NULL, *displs = NULL;
    if (c->rank == 0) {
        counts = calloc((size_t)c->size, sizeof *counts);
        displs = calloc((size_t)c->size, sizeof *displs);
        if (!counts || !displs) { free(counts); free(displs); return -1; }
    }
    MPI_Request req;
    int rc = MPI_Igather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD, &req) == MPI_SUCCESS
                 ? wait_for(c, &req) : -1;
    if (rc != 0) {
        free(counts); free(displs);
        return rc;
    }
    char *buf = NULL;
    if (c->rank == 0) {
        long long total = 0;
        for (int r = 0; r < c->size; r++) { displs[r] = (int)total; total += counts[r]; }
        buf = malloc((size_t)total + 1);
        if (!buf) { free(counts); free(displs); return -1; }
        *nall = (size_t)total / sizeof *bins;
    }
    rc = MPI_Igatherv(bins, bytes, MPI_BYTE, buf, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD, &req) == MPI_SUCCESS
             ? wait_for(c, &req) : -1;
    free(counts);
    free(displs);
    if (rc != 0) { free(buf); *nall = 0; return rc; }
    *all = (wire_bin *)buf;
    return 0;
}

int cluster_arrive(cluster *c) {
    if (c->size == 1) return 0;
    MPI_Request *req = malloc(sizeof *req);
    if (!req || MPI_Ibarrier(MPI_COMM_WORLD, req) != MPI_SUCCESS) { free(req); return -1; }
    c->barrier = req;
    return 0;
}

int cluster_arrived(cluster *c) {
    if (c->size == 1 || !c->barrier) return 1;
    int done = 0;
    if (MPI_Test(c->barrier, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return -1;
    if (done) {
        free(c->barrier);
        c->barrier = NULL;
    }
    return done;
}

int cluster_sum(const cluster *c, uint64_t *v, int n) {
    if (c->size == 1) return 0;
    uint64_t *sum = malloc((size_t)n * sizeof *sum);
    if (!sum) return -1;
    MPI_Request req;
    int rc = MPI_Ireduce(v, sum, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &req) == MPI_SUCCESS
                 ? wait_for(c, &req) : -1;
    if (rc == 0 && c->rank == 0) memcpy(v, sum, (size_t)n * sizeof *sum);
    free(sum);
    return rc;
}

int cluster_broadcast(const cluster *c, uint64_t *v, int n) {
    if (c->size == 1) return 0;
    MPI_Request req;
    return MPI_Ibcast(v, n, MPI_UINT64_T, 0, MPI_COMM_WORLD, &req) == MPI_SUCCESS ? wait_for(c, &req) : -1;
}

#else

int cluster_available(void) { return 0; }

int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen) {
    c->rank = 0;
    c->size = 1;
    c->barrier = NULL;
    c->stop = NULL;
    if (launched_ranks() > 1) {
        snprintf(err, errlen, "started by mpirun, but this freqsys was built without MPI: install "
                 "libopenmpi-dev and openmpi-bin (make does) and rebuild");
        return -1;
    }
    return 0;
}

void cluster_finish(const cluster *c) {}

int cluster_gather_bins(const cluster *c, const wire_bin *bins, size_t n, wire_bin **all, size_t *nall) {
    *all = malloc((n + 1) * sizeof **all);
    if (!*all) return -1;
    memcpy(*all, bins, n * sizeof *bins);
    *nall = n;
    return 0;
}

int cluster_arrive(cluster *c) { return 0; }
int cluster_arrived(cluster *c) { return 1; }
int cluster_sum(const cluster *c, uint64_t *v, int n) { return 0; }
int cluster_broadcast(const cluster *c, uint64_t *v, int n) { return 0; }

#endif
