/* harness/chunk_queue.c: which trials to hand out next, in chunks sized to the workers' pace, never
 * straddling a check point. */
/* SPDX-License-Identifier: MIT */
#include "chunk_queue.h"

#include <stdlib.h>
#include <string.h>
#include "schedule.h"

/* Chunks are sized in seconds of a worker's work: 20 ms, cheap to send and quick to
 * rebalance, unless they carry many histogram bins per trial (a big program whose
 * trials each run different functions): merging a bin costs the harness about what
 * a short trial costs a worker. Longer chunks repeat more (block, count) pairs, so
 * the duration doubles while chunks send more than BINS_PER_TRIAL_HIGH bins a trial,
 * up to CHUNK_SECONDS_MAX; check points still cut them. */
#define CHUNK_SECONDS_MIN   0.02
#define CHUNK_SECONDS_MAX   0.32
#define BINS_PER_TRIAL_HIGH 0.2
#define BINS_PER_TRIAL_LOW  0.02

void chunk_queue_init(chunk_queue *q, uint64_t first, uint64_t max_trials) {
    memset(q, 0, sizeof *q);
    q->next_fresh = first;
    q->max_trials = max_trials;
    q->chunk_size = 16;
    q->chunk_seconds = CHUNK_SECONDS_MIN;
}

void chunk_queue_free(chunk_queue *q) {
    free(q->rerun);
    free(q->leases);
    q->rerun = q->leases = NULL;
    q->nrerun = q->nleases = q->rerun_cap = q->leases_cap = 0;
}

/* Makes room for one more chunk in *V of *CAP holding N. Returns 0, or -1 when
 * memory ran out (*V unchanged). */
static int room_for_one(wire_chunk **v, size_t *cap, size_t n) {
    if (n < *cap) return 0;
    size_t bigger = *cap ? 2 * *cap : 16;
    wire_chunk *w = realloc(*v, bigger * sizeof *w);
    if (!w) return -1;
    *v = w;
    *cap = bigger;
    return 0;
}

int chunk_queue_rerun(chunk_queue *q, uint64_t start, uint64_t count) {
    if (count == 0) return 0;
    if (room_for_one(&q->rerun, &q->rerun_cap, q->nrerun)) return -1;
    size_t i = q->nrerun++;
    while (i > 0 && q->rerun[i - 1].start > start) {
        q->rerun[i] = q->rerun[i - 1];
        i--;
    }
    q->rerun[i] = (wire_chunk){start, count};
    return 0;
}

int chunk_queue_add_lease(chunk_queue *q, uint64_t start, uint64_t count) {
    if (room_for_one(&q->leases, &q->leases_cap, q->nleases)) return -1;
    q->leases[q->nleases++] = (wire_chunk){start, count};
    return 0;
}

static wire_chunk take_first(wire_chunk *v, size_t *n) {
    wire_chunk c = v[0];
    memmove(v, v + 1, (*n - 1) * sizeof *v);
    (*n)--;
    return c;
}

static wire_chunk next_of_lease(chunk_queue *q, int *lease_done) {
    if (q->nleases == 0) return (wire_chunk){0, 0};
    wire_chunk *l = &q->leases[0];
    uint64_t end = l->start + q->chunk_size, boundary = schedule_next(l->start, q->max_trials);
    if (end > boundary) end = boundary;
    if (end > l->start + l->count) end = l->start + l->count;
    wire_chunk c = {l->start, end - l->start};
    l->count -= c.count;
    l->start = end;
    if (l->count == 0) {
        take_first(q->leases, &q->nleases);
        *lease_done = 1;
    }
    return c;
}

wire_chunk chunk_queue_next(chunk_queue *q, uint64_t horizon, int from_leases, int *lease_done) {
    *lease_done = 0;
    if (q->nrerun > 0) return take_first(q->rerun, &q->nrerun);
    if (from_leases) return next_of_lease(q, lease_done);
    uint64_t max = q->max_trials;
    if (q->next_fresh >= max || q->next_fresh >= horizon) return (wire_chunk){0, 0};
    uint64_t boundary = schedule_next(q->next_fresh, max);
    uint64_t end = q->next_fresh + q->chunk_size;
    if (end > boundary) end = boundary;
    wire_chunk c = {q->next_fresh, end - q->next_fresh};
    q->next_fresh = end;
    return c;
}

uint64_t chunk_queue_horizon(const chunk_queue *q, uint64_t frontier, uint64_t next_decision, double t,
                             double ahead_s) {
    uint64_t max = q->max_trials;
    uint64_t h = schedule_next(schedule_next(next_decision, max), max);
    double ahead = t > 0 ? (double)frontier / t * ahead_s : 0;
    if (ahead > (double)(max - frontier)) ahead = (double)(max - frontier);
    if (frontier + (uint64_t)ahead > h) h = frontier + (uint64_t)ahead;
    return h;
}

double chunk_queue_ahead_seconds(const chunk_queue *q) {
    return 2.5 * q->chunk_seconds;
}

void chunk_queue_adapt(chunk_queue *q, uint64_t finished, double t, int jobs, int ranks,
                       uint64_t *recent_bins, uint64_t *recent_trials) {
    if (t < 0.005 || finished == 0) return; /* early: 16-trial chunks would leave the workers idle */
    if (*recent_trials >= 1000) {
        double per_trial = (double)*recent_bins / (double)*recent_trials;
        if (per_trial > BINS_PER_TRIAL_HIGH && q->chunk_seconds < CHUNK_SECONDS_MAX)
            q->chunk_seconds *= 2;
        else if (per_trial < BINS_PER_TRIAL_LOW && q->chunk_seconds > CHUNK_SECONDS_MIN)
            q->chunk_seconds /= 2;
        *recent_bins = *recent_trials = 0;
    }
    double per_worker = (double)finished / t / jobs / ranks;
    uint64_t size = (uint64_t)(per_worker * q->chunk_seconds);
    q->chunk_size = size<1 ? 1 : size>(1u << 20) ? (1u << 20) : size;
}
