/* harness/natural_loop.c: the innermost loop of a function's CFG that holds a given block. */
/* SPDX-License-Identifier: MIT */
#include "natural_loop.h"

#include <stdlib.h>
#include <string.h>

typedef struct graph {
    const fsabi_module *mod;
    uint32_t first, n;            /* the function's blocks */
    uint32_t *pred_start, *preds; /* predecessors, by local index */
} graph;

static const uint32_t *succ(const graph *g, uint32_t local, uint32_t *count) {
    const fsabi_block *b = &g->mod->blocks[g->first + local];
    *count = b->nsuccessors;
    return g->mod->edges + b->first_successor;
}

static int in_function(const graph *g, uint32_t block) {
    return block >= g->first && block < g->first + g->n;
}

static int build_preds(graph *g) {
    g->pred_start = calloc(g->n + 2, sizeof *g->pred_start);
    uint32_t total = 0;
    for (uint32_t v = 0; g->pred_start && v < g->n; v++) {
        uint32_t ns;
        const uint32_t *s = succ(g, v, &ns);
        for (uint32_t k = 0; k < ns; k++)
            if (in_function(g, s[k])) {
                g->pred_start[s[k] - g->first + 2]++;
                total++;
            }
    }
    g->preds = malloc((total + 1) * sizeof *g->preds);
    if (!g->pred_start || !g->preds) return -1;
    for (uint32_t v = 0; v < g->n; v++) g->pred_start[v + 2] += g->pred_start[v + 1];
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t ns;
        const uint32_t *s = succ(g, v, &ns);
        for (uint32_t k = 0; k < ns; k++)
            if (in_function(g, s[k])) g->preds[g->pred_start[s[k] - g->first + 1]++] = v;
    }
    return 0; /* pred_start[v] .. pred_start[v + 1] now index v's predecessors */
}

typedef struct back_edge {
    uint32_t from, to;
} back_edge;

/* The back edges u -> h of the DFS from the entry (h still on the path) into
 * EDGES (room for every edge of the function); returns how many, or -1 out of memory. */
static long find_back_edges(const graph *g, back_edge *edges) {
    long nedges = 0;
    uint8_t *state = calloc(g->n + 1, 1); /* 0 new, 1 on the path, 2 done */
    uint32_t *stack = malloc((g->n + 1) * sizeof *stack), *next = calloc(g->n + 1, sizeof *next);
    if (!state || !stack || !next) {
        free(state);
        free(stack);
        free(next);
        return -1;
    }

    size_t depth = 0;
    stack[depth++] = 0;
    state[0] = 1;
    while (depth) {
        uint32_t v = stack[depth - 1], ns;
        const uint32_t *s = succ(g, v, &ns);
        if (next[v] == ns) {
            state[v] = 2;
            depth--;
            continue;
        }
        uint32_t w = s[next[v]++];
        if (!in_function(g, w)) continue;
        w -= g->first;
        if (state[w] == 1)
            edges[nedges++] = (back_edge){v, w};
        else if (state[w] == 0) {
            state[w] = 1;
            stack[depth++] = w;
        }
    }
    free(state);
    free(stack);
    free(next);
    return nedges;
}

/* The natural loop of header H (its back edges among EDGES) into BODY, 1 per
 * member: H and every block that reaches a back edge's source without passing
 * through H. Returns its size. */
static uint32_t loop_of(const graph *g, uint32_t h, const back_edge *edges, long nedges, uint8_t *body,
                        uint32_t *work) {
    memset(body, 0, g->n);
    body[h] = 1;
    uint32_t size = 1, top = 0;
    for (long k = 0; k < nedges; k++)
        if (edges[k].to == h && !body[edges[k].from]) {
            body[edges[k].from] = 1;
            size++;
            work[top++] = edges[k].from;
        }
    while (top) {
        uint32_t v = work[--top];
        for (uint32_t k = g->pred_start[v]; k < g->pred_start[v + 1]; k++) {
            uint32_t u = g->preds[k];
            if (!body[u]) {
                body[u] = 1;
                size++;
                work[top++] = u;
            }
        }
    }
    return size;
}

int natural_loop_mark(const fsabi_module *mod, uint32_t block, uint8_t *marks) {
    if (block >= mod->nblocks || !mod->edges) return 0;
    const fsabi_function *f = &mod->functions[mod->blocks[block].function_index];
    graph g = {mod, f->first_block, f->nblocks, NULL, NULL};
    uint32_t nsucc = 0;
    for (uint32_t v = 0; v < g.n; v++) nsucc += mod->blocks[g.first + v].nsuccessors;
    back_edge *edges = malloc((nsucc + 1) * sizeof *edges);
    uint8_t *body = malloc(g.n + 1), *best = malloc(g.n + 1);
    uint32_t *work = malloc((g.n + 1) * sizeof *work);
    long nedges = -1;
    int rc = -1;
    if (!edges || !body || !best || !work || build_preds(&g) != 0 ||
        (nedges = find_back_edges(&g, edges)) < 0)
        goto done;
    uint32_t best_size = UINT32_MAX, target = block - g.first;
    for (long k = 0; k < nedges; k++) {
        uint32_t h = edges[k].to;
        int first = 1; /* each header once */
        for (long i = 0; i < k; i++) first &= edges[i].to != h;
        if (!first) continue;
        uint32_t size = loop_of(&g, h, edges, nedges, body, work);
        if (body[target] && size < best_size) {
            best_size = size;
            memcpy(best, body, g.n);
        }
    }
    rc = 0;
    if (best_size != UINT32_MAX)
        for (uint32_t v = 0; v < g.n; v++)
            if (best[v]) {
                marks[g.first + v] = 1;
                rc++;
            }
done:
    free(edges);
    free(body);
    free(best);
    free(work);
    free(g.pred_start);
    free(g.preds);
    return rc;
}
