/* freqsys/export/cfg_flow.c: the block counts of a CFG that flow conservation gives from the known ones. */
/* SPDX-License-Identifier: MIT */
#include "cfg_flow.h"

#include <stdlib.h>

typedef struct flow {
    size_t n, m;
    const size_t *first, *to;
    size_t *in_first, *in_edge; /* block b's in-edges: in_edge[in_first[b]] .. */
    double *edge, *count;
    unsigned char *edge_known, *known;
} flow;

/* Sets edge E to V, a difference taken from a count of SCALE: never below 0, and 0
 * where it is only the rounding of the sums' last bits. Returns 1. */
static int set_edge(flow *f, size_t e, double v, double scale) {
    f->edge[e] = v > 1e-9 * scale ? v : 0;
    f->edge_known[e] = 1;
    return 1;
}

/* Edges of a list of K edge indices: the sum of the known ones, how many are
 * unknown, and the last unknown one. */
static double sum_known(const flow *f, const size_t *edges, size_t k, size_t *unknown, size_t *last) {
    double sum = 0;
    *unknown = 0;
    for (size_t i = 0; i < k; i++) {
        size_t e = edges[i];
        if (f->edge_known[e])
            sum += f->edge[e];
        else
            ++*unknown, *last = e;
    }
    return sum;
}

/* One pass over blocks and edges; returns whether anything became known. */
static int pass(flow *f) {
    int changed = 0;
    for (size_t b = 0; b < f->n; b++)
        for (size_t e = f->first[b]; e < f->first[b + 1]; e++) {
            size_t v = f->to[e];
            if (f->edge_known[e]) continue;
            if (f->known[b] && f->first[b + 1] - f->first[b] == 1)
                changed |= set_edge(f, e, f->count[b], f->count[b]);
            else if (v != 0 && f->known[v] && f->in_first[v + 1] - f->in_first[v] == 1)
                changed |= set_edge(f, e, f->count[v], f->count[v]);
        }
    for (size_t b = 0; b < f->n; b++) {
        size_t nout = f->first[b + 1] - f->first[b], nin = f->in_first[b + 1] - f->in_first[b];
        size_t out_unknown = 0, in_unknown, out_last = 0, in_last = 0;
        /* out-edges are the indices first[b] .. first[b + 1] - 1 themselves */
        double out_sum = 0;
        for (size_t e = f->first[b]; e < f->first[b + 1]; e++) {
            if (f->edge_known[e])
                out_sum += f->edge[e];
            else
                out_unknown++, out_last = e;
        }
        double in_sum = sum_known(f, f->in_edge + f->in_first[b], nin, &in_unknown, &in_last);
        int has_in = b != 0 && nin > 0; /* the entry's count also holds the calls */
        if (!f->known[b]) {
            if (has_in && !in_unknown)
                f->count[b] = in_sum, f->known[b] = 1, changed = 1;
            else if (nout && !out_unknown)
                f->count[b] = out_sum, f->known[b] = 1, changed = 1;
            continue;
        }
        if (nout && out_unknown == 1) changed |= set_edge(f, out_last, f->count[b] - out_sum, f->count[b]);
        if (has_in && in_unknown == 1) changed |= set_edge(f, in_last, f->count[b] - in_sum, f->count[b]);
    }
    return changed;
}

int cfg_flow_fill(size_t n, const size_t *first, const size_t *to, double *count, unsigned char *known) {
    size_t m = first[n];
    flow f = {.n = n, .m = m, .first = first, .to = to, .count = count, .known = known};
    f.in_first = calloc(n + 2, sizeof *f.in_first);
    f.in_edge = malloc((m + 1) * sizeof *f.in_edge);
    f.edge = calloc(m + 1, sizeof *f.edge);
    f.edge_known = calloc(m + 1, 1);
    int rc = f.in_first && f.in_edge && f.edge && f.edge_known ? 0 : -1;
    if (rc == 0) {
        /* in-edges by target: counts, prefix sums, then a fill */
        for (size_t e = 0; e < m; e++) f.in_first[to[e] + 2]++;
        for (size_t b = 0; b < n; b++) f.in_first[b + 2] += f.in_first[b + 1];
        for (size_t b = 0; b < n; b++)
            for (size_t e = first[b]; e < first[b + 1]; e++) f.in_edge[f.in_first[to[e] + 1]++] = e;
        for (size_t b = 1; b < n; b++)
            if (!known[b] && f.in_first[b + 1] == f.in_first[b]) count[b] = 0, known[b] = 1;
        while (pass(&f));
    }
    free(f.in_first);
    free(f.in_edge);
    free(f.edge);
    free(f.edge_known);
    return rc;
}
