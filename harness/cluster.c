/* harness/cluster.c: MPI point-to-point messages between ranks, sent and received without blocking. */
/* SPDX-License-Identifier: MIT */
#include "cluster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* mpirun tells its processes how many ranks there are through the environment. */
static int env_count(const char *const *vars, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const char *v = getenv(vars[i]);
        if (v && atoi(v) > 0) return atoi(v);
    }
    return 0;
}

static int launched_ranks(void) {
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"};
    return env_count(vars, sizeof vars / sizeof vars[0]);
}

static int local_ranks(void) {
    static const char *const vars[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"};
    int n = env_count(vars, sizeof vars / sizeof vars[0]);
    return n > 0 ? n : 1;
}

static void start_alone(cluster *c) {
    memset(c, 0, sizeof *c);
    c->size = 1;
    c->local_size = 1;
}

#ifdef FREQSYS_HAVE_MPI
#include <mpi.h>
#include <time.h>

typedef struct send {
    MPI_Request req;
    void *data;
} send;

int cluster_available(void) {
    return 1;
}

int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen) {
    start_alone(c);
    if (launched_ranks() == 0) return 0;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        snprintf(err, errlen, "MPI_Init failed");
        return -1;
    }
    /* a failed peer must surface as an error code, not end this rank silently */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->size);
    c->local_size = local_ranks();
    return 0;
}

int cluster_send(cluster *c, int to, cluster_tag tag, void *data, size_t bytes) {
    if (bytes > (size_t)INT32_MAX) {
        free(data);
        return -1;
    }
    if (c->nsends == c->sends_cap) {
        size_t cap = c->sends_cap ? 2 * c->sends_cap : 16;
        send *v = realloc(c->sends, cap * sizeof *v);
        if (!v) {
            free(data);
            return -1;
        }
        c->sends = v;
        c->sends_cap = cap;
    }
    send *s = (send *)c->sends + c->nsends;
    if (MPI_Isend(data, (int)bytes, MPI_BYTE, to, (int)tag, MPI_COMM_WORLD, &s->req) != MPI_SUCCESS) {
        free(data);
        return -1;
    }
    s->data = data;
    c->nsends++;
    return 0;
}

int cluster_progress(cluster *c) {
    send *v = c->sends;
    size_t kept = 0;
    int broken = 0;
    for (size_t i = 0; i < c->nsends; i++) {
        int done = 0;
        if (MPI_Test(&v[i].req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            broken = 1;
            done = 1;
        }
        if (done)
            free(v[i].data);
        else
            v[kept++] = v[i];
    }
    c->nsends = kept;
    return broken ? -1 : (int)kept;
}

int cluster_receive(cluster *c, cluster_message *m) {
    int there = 0;
    MPI_Status st;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &there, &st) != MPI_SUCCESS) return -1;
    if (!there) return 0;
    int bytes = 0;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    void *data = malloc((size_t)bytes + 1);
    if (!data) return -1;
    if (MPI_Recv(data, bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS) {
        free(data);
        return -1;
    }
    *m = (cluster_message){st.MPI_SOURCE, (cluster_tag)st.MPI_TAG, data, (size_t)bytes};
    (void)c;
    return 1;
}

void cluster_finish(cluster *c) {
    int started = 0;
    MPI_Initialized(&started);
    if (!started) return;
    /* Sends still on their way are given a few seconds: a peer that died never takes
     * them, and MPI_Finalize must not wait for it forever. */
    for (int i = 0; i < 5000 && cluster_progress(c) > 0; i++) {
        struct timespec t = {0, 1000000};
        nanosleep(&t, NULL);
    }
    send *v = c->sends;
    for (size_t i = 0; i < c->nsends; i++) free(v[i].data);
    free(c->sends);
    c->sends = NULL;
    c->nsends = 0;
    MPI_Finalize();
}

#else

int cluster_available(void) {
    return 0;
}

int cluster_init(int *argc, char ***argv, cluster *c, char *err, size_t errlen) {
    (void)argc;
    (void)argv;
    start_alone(c);
    if (launched_ranks() > 1) {
        snprintf(err, errlen,
                 "started by mpirun, but this freqsys was built without MPI: install "
                 "libopenmpi-dev and openmpi-bin (make does) and rebuild");
        return -1;
    }
    return 0;
}

void cluster_finish(cluster *c) {
    (void)c;
}

int cluster_send(cluster *c, int to, cluster_tag tag, void *data, size_t bytes) {
    (void)c;
    (void)to;
    (void)tag;
    (void)bytes;
    free(data);
    return -1;
}

int cluster_receive(cluster *c, cluster_message *m) {
    (void)c;
    (void)m;
    return 0;
}
int cluster_progress(cluster *c) {
    (void)c;
    return 0;
}

#endif
