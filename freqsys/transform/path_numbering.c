/* freqsys/transform/path_numbering.c: numbers the acyclic paths of a graph (Ball-Larus), and decodes an id
 * into its nodes. */
/* SPDX-License-Identifier: MIT */
#include "path_numbering.h"

#include <stdlib.h>
#include <string.h>

static uint64_t add_saturating(uint64_t a, uint64_t b) {
    return a > PATH_NUMBERING_TOO_MANY - b ? PATH_NUMBERING_TOO_MANY : a + b;
}

/* The first slot of U that leads where slot K does: a switch's cases to one block
 * are one edge for the numbering. */
static unsigned canonical_slot(const path_graph *g, unsigned u, unsigned k) {
    for (unsigned e = g->first[u]; e < k; e++)
        if (g->succ[e] == g->succ[k]) return e;
    return k;
}

void path_numbering_free(path_numbering *pn) {
    free(pn->reachable);
    free(pn->num);
    free(pn->header);
    free(pn->restart);
    free(pn->back);
    free(pn->val);
    memset(pn, 0, sizeof *pn);
}

int path_numbering_build(const path_graph *g, path_numbering *pn) {
    memset(pn, 0, sizeof *pn);
    unsigned n = g->n, nedges = n ? g->first[n] : 0;
    pn->n = n;
    pn->reachable = calloc(n + 1, 1);
    pn->num = calloc(n + 1, sizeof *pn->num);
    pn->header = calloc(n + 1, 1);
    pn->restart = calloc(n + 1, sizeof *pn->restart);
    pn->back = calloc(nedges + 1, 1);
    pn->val = calloc(nedges + 1, sizeof *pn->val);
    unsigned char *color = calloc(n + 1, 1); /* 0 unseen, 1 on the stack, 2 done */
    unsigned *stack = calloc(n + 1, sizeof *stack), *next = calloc(n + 1, sizeof *next);
    unsigned *post = calloc(n + 1, sizeof *post);
    if (!pn->reachable || !pn->num || !pn->header || !pn->restart || !pn->back || !pn->val || !color ||
        !stack || !next || !post) {
        free(color);
        free(stack);
        free(next);
        free(post);
        path_numbering_free(pn);
        return -1;
    }
    if (n == 0) {
        free(color);
        free(stack);
        free(next);
        free(post);
        return 0;
    }

    /* depth-first from the entry: an edge to a node still on the stack closes a cycle */
    size_t top = 0, npost = 0;
    stack[top++] = 0;
    color[0] = 1;
    next[0] = g->first[0];
    while (top) {
        unsigned u = stack[top - 1];
        if (next[u] < g->first[u + 1]) {
            unsigned k = next[u]++, w = g->succ[k];
            if (color[w] == 1)
                pn->back[k] = 1;
            else if (color[w] == 0) {
                color[w] = 1;
                next[w] = g->first[w];
                stack[top++] = w;
            }
            continue;
        }
        color[u] = 2;
        post[npost++] = u;
        top--;
    }

    /* in postorder every forward successor is numbered before its predecessor */
    int overflow = 0;
    for (size_t i = 0; i < npost; i++) {
        unsigned u = post[i];
        pn->reachable[u] = 1;
        if (g->first[u] == g->first[u + 1]) {
            pn->num[u] = 1;
            continue;
        }
        uint64_t sum = 0;
        for (unsigned k = g->first[u]; k < g->first[u + 1]; k++) {
            unsigned c = canonical_slot(g, u, k);
            if (c != k) {
                pn->back[k] = pn->back[c];
                pn->val[k] = pn->val[c];
                continue;
            }
            pn->val[k] = sum;
            if (pn->back[k]) pn->header[g->succ[k]] = 1;
            sum = add_saturating(sum, pn->back[k] ? 1 : pn->num[g->succ[k]]);
        }
        if (sum == PATH_NUMBERING_TOO_MANY) overflow = 1;
        pn->num[u] = sum;
    }
    uint64_t total = pn->num[0];
    for (unsigned h = 0; h < n; h++) {
        if (!pn->header[h]) continue;
        pn->restart[h] = total;
        total = add_saturating(total, pn->num[h]);
    }
    pn->total = overflow ? PATH_NUMBERING_TOO_MANY : total;
    free(color);
    free(stack);
    free(next);
    free(post);
    return 0;
}

size_t path_numbering_decode(const path_graph *g, const path_numbering *pn, uint64_t id, unsigned *out,
                             unsigned *back_to) {
    *back_to = UINT32_MAX;
    if (pn->n == 0 || pn->total == PATH_NUMBERING_TOO_MANY || id >= pn->total) return 0;
    unsigned u = 0;
    uint64_t rem = id;
    if (id >= pn->num[0]) {
        for (unsigned h = 0; h < pn->n; h++)
            if (pn->header[h] && id >= pn->restart[h] && id - pn->restart[h] < pn->num[h]) {
                u = h;
                rem = id - pn->restart[h];
                break;
            }
    }
    size_t len = 0;
    while (len < pn->n) {
        out[len++] = u;
        if (g->first[u] == g->first[u + 1]) return len;
        int moved = 0;
        for (unsigned k = g->first[u]; k < g->first[u + 1] && !moved; k++) {
            if (canonical_slot(g, u, k) != k) continue;
            unsigned w = g->succ[k];
            uint64_t lo = pn->val[k], width = pn->back[k] ? 1 : pn->num[w];
            if (rem < lo || rem - lo >= width) continue;
            if (pn->back[k]) {
                *back_to = w;
                return len;
            }
            rem -= lo;
            u = w;
            moved = 1;
        }
        if (!moved) return 0; /* not an id of this numbering */
    }
    return 0;
}
