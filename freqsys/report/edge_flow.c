/* freqsys/report/edge_flow.c: executions per run of each CFG edge, derived from block counts by flow
 * conservation. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The equations, per block v with a finite mean m(v):
 *   in(v):  the edges into v add up to m(v), when v has predecessors (every execution of
 *           a block but a function's entry comes over one of its in-edges);
 *   out(v): the edges out of v add up to m(v), when v has successors and calls nothing
 *           (a call may end the run through exit(), so the run never leaves the block);
 *           when it calls something, they add up to at most m(v), which still makes all
 *           of them 0 when m(v) is 0.
 * An equation with one unknown edge left gives that edge; one whose total is 0 gives 0
 * for all (counts are not negative). Each solved edge wakes the two equations it is in,
 * until nothing changes. Edge counts are sums of integers over the runs divided by
 * the runs (trials times a replicate's runs times the counted calls), so each is
 * rounded to the nearest multiple of one over that, which removes
 * the rounding noise of the subtraction; a clearly negative solution means the
 * equation does not hold (a run ended inside a call that the result does not list) and
 * leaves the edge unknown. */

typedef struct solver {
    const result *r;
    edge_flow *f;
    size_t *pred_first, *preds; /* in-edges of block v: preds[pred_first[v] ..] */
    size_t *queue;              /* equation ids: 2v for in(v), 2v + 1 for out(v) */
    char *queued;
    size_t head, tail, cap;
} solver;

static void wake(solver *s, size_t eq) {
    if (s->queued[eq]) return;
    s->queued[eq] = 1;
    s->queue[s->tail] = eq;
    s->tail = (s->tail + 1) % s->cap;
}

/* The edge ids of equation EQ, through *IDS / *N (in-equations list indices into preds). */
static void members(const solver *s, size_t eq, const size_t **ids, size_t *n, size_t *lo) {
    size_t v = eq / 2;
    if (eq % 2 == 0) {
        *ids = s->preds;
        *lo = s->pred_first[v];
        *n = s->pred_first[v + 1] - s->pred_first[v];
    } else {
        *ids = NULL;
        *lo = s->f->first[v];
        *n = s->f->first[v + 1] - s->f->first[v];
    }
}

static void settle(solver *s, size_t e, double count) {
    edge_flow_edge *ed = &s->f->edges[e];
    ed->known = 1;
    ed->count = count;
    wake(s, 2 * (size_t)ed->to);
    wake(s, 2 * (size_t)ed->from + 1);
}

/* The number of counted runs whose integer counts a mean is the average of (0: not
 * integers, under importance sampling's weights). */
static uint64_t grains(const result *r) {
    if (r->rare_block) return 0;
    uint64_t per_trial = r->runs_per_trial ? r->runs_per_trial : 1;
    uint64_t calls = r->calls > r->warmup ? r->calls - r->warmup : 1;
    return r->trials * per_trial * calls;
}

/* Nearest multiple of 1/trials; within that grain of 0 counts as 0. Returns -1 for a
 * value clearly below 0. */
static int tidy(double x, uint64_t trials, double *out) {
    double grain = trials ? 1.0 / (double)trials : 1e-12;
    if (x < -grain / 2) return -1;
    *out = trials ? nearbyint(x * (double)trials) / (double)trials : (x < grain ? 0 : x);
    if (*out < 0) *out = 0;
    return 0;
}

static void solve(solver *s, size_t eq) {
    const result_block *b = &s->r->blocks[eq / 2];
    const size_t *ids;
    size_t n, lo;
    members(s, eq, &ids, &n, &lo);
    if (n == 0 || !isfinite(b->mean)) return;
    int exact = eq % 2 == 0 || b->ncallees == 0; /* out() of a caller is only a bound */
    double known = 0;
    size_t unknown = 0, last = 0;
    for (size_t k = 0; k < n; k++) {
        size_t e = ids ? ids[lo + k] : lo + k;
        if (s->f->edges[e].known)
            known += s->f->edges[e].count;
        else
            unknown++, last = e;
    }
    if (unknown == 0) return;
    if (b->mean == 0) {
        for (size_t k = 0; k < n; k++) {
            size_t e = ids ? ids[lo + k] : lo + k;
            if (!s->f->edges[e].known) settle(s, e, 0);
        }
        return;
    }
    double count;
    if (exact && unknown == 1 && tidy(b->mean - known, grains(s->r), &count) == 0) settle(s, last, count);
}

/* Distinct out-edges of every block, in successor order. */
static int build_edges(const result *r, edge_flow *f) {
    size_t total = 0;
    for (size_t i = 0; i < r->nblocks; i++) total += r->blocks[i].nsuccessors;
    f->first = calloc(r->nblocks + 1, sizeof *f->first);
    f->edges = calloc(total ? total : 1, sizeof *f->edges);
    if (!f->first || !f->edges) return -1;
    for (size_t i = 0; i < r->nblocks; i++) {
        f->first[i] = f->nedges;
        const result_block *b = &r->blocks[i];
        for (size_t k = 0; k < b->nsuccessors; k++) {
            size_t j = f->first[i];
            while (j < f->nedges && f->edges[j].to != b->successors[k]) j++;
            if (j == f->nedges)
                f->edges[f->nedges++] = (edge_flow_edge){.from = (uint32_t)i, .to = b->successors[k]};
        }
    }
    f->first[r->nblocks] = f->nedges;
    return 0;
}

static int build_preds(solver *s) {
    const edge_flow *f = s->f;
    size_t nb = s->r->nblocks;
    s->pred_first = calloc(nb + 2, sizeof *s->pred_first);
    s->preds = calloc(f->nedges ? f->nedges : 1, sizeof *s->preds);
    if (!s->pred_first || !s->preds) return -1;
    for (size_t e = 0; e < f->nedges; e++) s->pred_first[f->edges[e].to + 2]++;
    for (size_t v = 0; v < nb; v++) s->pred_first[v + 2] += s->pred_first[v + 1];
    for (size_t e = 0; e < f->nedges; e++) s->preds[s->pred_first[f->edges[e].to + 1]++] = e;
    return 0;
}

int edge_flow_solve(const result *r, edge_flow *f) {
    *f = (edge_flow){0};
    solver s = {.r = r, .f = f, .cap = 2 * r->nblocks + 1};
    int rc = -1;
    if (build_edges(r, f) != 0 || build_preds(&s) != 0) goto out;
    s.queue = malloc(s.cap * sizeof *s.queue);
    s.queued = calloc(s.cap, 1);
    if (!s.queue || !s.queued) goto out;
    for (size_t eq = 0; eq < 2 * r->nblocks; eq++) wake(&s, eq);
    while (s.head != s.tail) {
        size_t eq = s.queue[s.head];
        s.head = (s.head + 1) % s.cap;
        s.queued[eq] = 0;
        solve(&s, eq);
    }
    rc = 0;
out:
    free(s.pred_first);
    free(s.preds);
    free(s.queue);
    free(s.queued);
    if (rc != 0) {
        edge_flow_free(f);
        errno = ENOMEM;
    }
    return rc;
}

void edge_flow_free(edge_flow *f) {
    free(f->edges);
    free(f->first);
    *f = (edge_flow){0};
}
