/* freqsys/report/adjacency.c: adjacency lists of a graph, compressed into two arrays. */
/* SPDX-License-Identifier: MIT */
#include "adjacency.h"

#include <stdlib.h>
#include <string.h>

void adjacency_free(adjacency *a) {
    free(a->start);
    free(a->adj);
    *a = (adjacency){0};
}

int adjacency_build(size_t nn, size_t m, const size_t *from, const size_t *to, adjacency *out) {
    out->start = calloc(nn + 2, sizeof *out->start);
    out->adj = malloc((m + 1) * sizeof *out->adj);
    size_t *fill = malloc((nn + 1) * sizeof *fill);
    if (!out->start || !out->adj || !fill) {
        free(fill);
        adjacency_free(out);
        return -1;
    }
    for (size_t k = 0; k < m; k++) out->start[from[k] + 1]++;
    for (size_t v = 0; v < nn; v++) out->start[v + 1] += out->start[v];
    memcpy(fill, out->start, nn * sizeof *fill);
    for (size_t k = 0; k < m; k++) out->adj[fill[from[k]]++] = to[k];
    free(fill);
    return 0;
}
