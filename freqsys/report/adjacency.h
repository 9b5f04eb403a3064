/* freqsys/report/adjacency.h: adjacency lists of a graph, compressed into two arrays. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ADJACENCY_H
#define FREQSYS_ADJACENCY_H

#include <stddef.h>

/* Adjacency lists, compressed: the neighbours of V are adj[start[V] .. start[V+1]-1]. */
typedef struct adjacency {
    size_t *start, *adj;
} adjacency;

/* The lists of NN nodes from the M edges FROM[k] -> TO[k]; 0, or -1 when out of memory
 * (OUT then holds nothing). */
int adjacency_build(size_t nn, size_t m, const size_t *from, const size_t *to, adjacency *out);

/* Frees A's lists and empties it (freeing it again does nothing). */
void adjacency_free(adjacency *a);

#endif
