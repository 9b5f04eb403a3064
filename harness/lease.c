/* harness/lease.c: the MPI lease protocol: rank 0 leases trial ranges to the other ranks and takes their
 * finished pieces back. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "lease.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A piece on the wire: this header, nbins wire_bin records, naborted trial ids. */
typedef struct piece_header {
    uint64_t start, count, crash_trial, failed, signal, nbins, naborted;
} piece_header;

#define LEASE_SECONDS 0.1  /* a lease is about this much of the asking rank's work, */
#define LEASE_MIN     1024 /* and never fewer trials than this */

int lease_init(lease *l, cluster *c) {
    memset(l, 0, sizeof *l);
    l->cluster = c;
    l->rank = c->rank;
    l->ranks = c->size;
    l->asks = calloc((size_t)l->ranks, sizeof *l->asks);
    l->rates = calloc((size_t)l->ranks, sizeof *l->rates);
    return l->asks && l->rates ? 0 : -1;
}

void lease_free(lease *l) {
    free(l->asks);
    free(l->rates);
    l->asks = NULL;
    l->rates = NULL;
}

int lease_ask(lease *l, double t) {
    double *rate = malloc(sizeof *rate);
    if (!rate) return -1;
    *rate = t > 0 ? (double)l->done / t : 0;
    return cluster_send(l->cluster, 0, CLUSTER_ASK, rate, sizeof *rate);
}

int lease_ship(lease *l, merge_piece *p) {
    piece_header h = {p->start, p->count,   p->crash_trial, (uint64_t)p->failed, (uint64_t)p->signal,
                      p->nbins, p->naborted};
    size_t bin_bytes = p->nbins * sizeof *p->bins,
           bytes = sizeof h + bin_bytes + p->naborted * sizeof *p->aborted;
    char *buf = malloc(bytes);
    int rc = -1;
    if (buf) {
        memcpy(buf, &h, sizeof h);
        if (p->nbins) memcpy(buf + sizeof h, p->bins, bin_bytes);
        if (p->naborted) memcpy(buf + sizeof h + bin_bytes, p->aborted, p->naborted * sizeof *p->aborted);
        rc = cluster_send(l->cluster, 0, CLUSTER_PIECE, buf, bytes);
    }
    l->done += p->count;
    merge_piece_free(p);
    return rc;
}

/* Rank 0: a piece from another rank joins the pending ones. Returns 0, or -1 when
 * it is malformed or memory ran out. */
static int take_piece(merge *mg, const cluster_message *m) {
    piece_header h;
    if (m->bytes < sizeof h) return -1;
    memcpy(&h, m->data, sizeof h);
    if (m->bytes != sizeof h + h.nbins * sizeof(wire_bin) + h.naborted * sizeof(uint64_t)) return -1;
    merge_piece p = {h.start,    h.count,       NULL,          h.nbins,      NULL,
                     h.naborted, h.crash_trial, (int)h.failed, (int)h.signal};
    p.bins = malloc((h.nbins + 1) * sizeof *p.bins);
    p.aborted = malloc((h.naborted + 1) * sizeof *p.aborted);
    if (!p.bins || !p.aborted) {
        merge_piece_free(&p);
        return -1;
    }
    const char *at = (const char *)m->data + sizeof h;
    memcpy(p.bins, at, h.nbins * sizeof *p.bins);
    memcpy(p.aborted, at + h.nbins * sizeof *p.bins, h.naborted * sizeof *p.aborted);
    return merge_add(mg, p); /* frees the piece when it fails */
}

static int send_lease(lease *l, int to, uint64_t start, uint64_t count) {
    uint64_t *v = malloc(2 * sizeof *v);
    if (!v) return -1;
    v[0] = start;
    v[1] = count;
    return cluster_send(l->cluster, to, CLUSTER_LEASE, v, 2 * sizeof *v);
}

int lease_grant(lease *l, chunk_queue *q, uint64_t limit) {
    if (limit > q->max_trials) limit = q->max_trials;
    for (int k = 1; k < l->ranks; k++) {
        while (l->asks[k] > 0 && q->next_fresh < limit) {
            uint64_t size = (uint64_t)(l->rates[k] * LEASE_SECONDS);
            if (size < LEASE_MIN) size = LEASE_MIN;
            if (size > limit - q->next_fresh) size = limit - q->next_fresh;
            if (send_lease(l, k, q->next_fresh, size) != 0) return -1;
            q->next_fresh += size;
            l->asks[k]--;
        }
    }
    return 0;
}

/* One message M: what lease_take_messages returns for it. */
static int take_one(lease *l, merge *mg, chunk_queue *q, const cluster_message *m, char *err, size_t errlen) {
    if (m->tag == CLUSTER_ASK && l->rank == 0 && m->from > 0 && m->from < l->ranks) {
        l->asks[m->from]++;
        if (m->bytes == sizeof(double)) memcpy(&l->rates[m->from], m->data, sizeof(double));
    } else if (m->tag == CLUSTER_PIECE && l->rank == 0) {
        return take_piece(mg, m);
    } else if (m->tag == CLUSTER_BYE && l->rank == 0 && m->bytes > 0) {
        snprintf(err, errlen, "rank %d: %.*s", m->from, (int)m->bytes, (char *)m->data);
        return -2;
    } else if (m->tag == CLUSTER_BYE && l->rank == 0) {
        return 2; /* a rank left by itself (a signal): its leases will never come back */
    } else if (m->tag == CLUSTER_LEASE && l->rank != 0 && m->bytes == 2 * sizeof(uint64_t)) {
        uint64_t start, count;
        memcpy(&start, m->data, sizeof start);
        memcpy(&count, (char *)m->data + sizeof start, sizeof count);
        if (count == 0) return 1;
        return chunk_queue_add_lease(q, start, count);
    }
    return 0;
}

int lease_take_messages(lease *l, merge *mg, chunk_queue *q, char *err, size_t errlen) {
    cluster_message m;
    int got, rc = 0;
    while (rc == 0 && (got = cluster_receive(l->cluster, &m)) == 1) {
        rc = take_one(l, mg, q, &m, err, errlen);
        free(m.data);
    }
    if (got < 0 || cluster_progress(l->cluster) < 0) {
        snprintf(err, errlen, "an MPI rank stopped answering");
        return -2;
    }
    return rc;
}

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void lease_stop_ranks(lease *l, int wait, const volatile sig_atomic_t *stop) {
    for (int k = 1; k < l->ranks; k++) send_lease(l, k, 0, 0);
    int left = l->ranks - 1;
    double until = now_s() + 5;
    while (wait && left > 0 && !*stop && now_s() < until) {
        cluster_message m;
        int got = cluster_receive(l->cluster, &m);
        if (got < 0) break;
        if (got == 1) {
            if (m.tag == CLUSTER_BYE) left--;
            free(m.data);
            continue;
        }
        cluster_progress(l->cluster);
        struct timespec t = {0, 200000};
        nanosleep(&t, NULL);
    }
}

void lease_say_bye(lease *l, const char *error) {
    size_t n = error ? strlen(error) : 0;
    char *msg = malloc(n + 1);
    if (!msg) return;
    if (n) memcpy(msg, error, n);
    cluster_send(l->cluster, 0, CLUSTER_BYE, msg, n);
}
