/* freqsys/transform/path_numbering.h: Ball-Larus numbering of a function's acyclic paths, on a plain graph.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PATH_NUMBERING_H
#define FREQSYS_PATH_NUMBERING_H

#include <stddef.h>
#include <stdint.h>

/* A function's control-flow graph: nodes 0..n-1, node 0 the entry; the successors
 * of v are succ[first[v] .. first[v + 1]) (a successor may be listed twice, as a
 * switch does: the two edges are one for the numbering). */
typedef struct path_graph {
    unsigned n;
    const unsigned *first; /* [n + 1] */
    const unsigned *succ;
} path_graph;

/* More paths than 64 bits count. */
#define PATH_NUMBERING_TOO_MANY UINT64_MAX

/* The numbering. Back edges are the edges that close a cycle in a depth-first
 * search from the entry; cutting them leaves an acyclic graph whatever the CFG
 * (irreducible ones too). A path starts at the entry, or at the target of a back
 * edge (a loop header) just after that edge ran; it ends at a node with no
 * successor, or at the source of a back edge, just before that edge runs. Each
 * path gets one id in [0, total): the sum of the values of its edges, with the
 * id of paths starting at header h offset by restart[h]. */
typedef struct path_numbering {
    unsigned n;
    uint64_t total;           /* paths; PATH_NUMBERING_TOO_MANY when it does not fit */
    unsigned char *reachable; /* [n] from the entry */
    uint64_t *num;            /* [n] paths from v to an end */
    unsigned char *header;    /* [n] target of some back edge */
    uint64_t *restart;        /* [n] headers: the value a path starting there begins with */
    unsigned char *back;      /* [edges] per successor slot: a back edge */
    uint64_t *val;            /* [edges] a forward edge: what it adds to the path's value;
                               * a back edge: what is added when the path ends through it */
} path_numbering;

/* Numbers the paths of G into PN. Returns 0, or -1 when memory ran out. Sums that
 * do not fit in 64 bits make total PATH_NUMBERING_TOO_MANY (the values are then
 * meaningless). */
int path_numbering_build(const path_graph *g, path_numbering *pn);

void path_numbering_free(path_numbering *pn);

/* The nodes of path ID (< pn->total) in order, into OUT (room for g->n); returns
 * how many. *BACK_TO receives the header the path's last node goes back to, or
 * UINT32_MAX when it ends at a node with no successor. Returns 0 for an id out of
 * range. */
size_t path_numbering_decode(const path_graph *g, const path_numbering *pn, uint64_t id, unsigned *out,
                             unsigned *back_to);

#endif
