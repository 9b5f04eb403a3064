/* freqsys/report/afdo_classes.c: the blocks GCC's AutoFDO gives one count, found on the result's CFG. */
/* SPDX-License-Identifier: MIT */
#include "afdo_classes.h"

#include <stdlib.h>
#include "adjacency.h"

/* GCC 12 gives each block of an equivalence class the largest count in the class
 * (afdo_find_equiv_class in auto-profile.cc: a block its dominator post-dominates, in
 * the same loop). The classes here are found on the result's blocks, clang's code
 * before optimisation, which are close to GIMPLE's when GCC reads the profile. */

#define NONE SIZE_MAX

/* Each node's immediate dominator from ROOT (ROOT's is ROOT; NONE: unreachable), by
 * Cooper, Harvey and Kennedy's iteration over the reverse postorder. */
static size_t *immediate_dominators(size_t nn, size_t root, const adjacency *succ, const adjacency *pred) {
    size_t *post = malloc(nn * sizeof *post), *rank = malloc(nn * sizeof *rank);
    size_t *stack = malloc(nn * sizeof *stack), *next = calloc(nn, sizeof *next);
    size_t *idom = malloc(nn * sizeof *idom);
    if (!post || !rank || !stack || !next || !idom) {
        free(idom);
        idom = NULL;
        goto out;
    }
    for (size_t v = 0; v < nn; v++) rank[v] = idom[v] = NONE;
    size_t npost = 0, top = 0;
    stack[top++] = root;
    rank[root] = 0; /* seen; the real ranks follow */
    while (top) {
        size_t v = stack[top - 1];
        if (succ->start[v] + next[v] < succ->start[v + 1]) {
            size_t w = succ->adj[succ->start[v] + next[v]++];
            if (rank[w] == NONE) {
                rank[w] = 0;
                stack[top++] = w;
            }
        } else {
            post[npost++] = v;
            top--;
        }
    }
    for (size_t k = 0; k < npost; k++) rank[post[k]] = k;
    idom[root] = root;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t k = npost; k-- > 0;) {
            size_t v = post[k], best = NONE;
            if (v == root) continue;
            for (size_t e = pred->start[v]; e < pred->start[v + 1]; e++) {
                size_t p = pred->adj[e];
                if (idom[p] == NONE) continue;
                if (best == NONE) {
                    best = p;
                    continue;
                }
                size_t a = p, b = best;
                while (a != b) {
                    while (rank[a] < rank[b]) a = idom[a];
                    while (rank[b] < rank[a]) b = idom[b];
                }
                best = a;
            }
            if (best != idom[v]) {
                idom[v] = best;
                changed = 1;
            }
        }
    }
out:
    free(post);
    free(rank);
    free(stack);
    free(next);
    return idom;
}

/* Whether A dominates B in the tree IDOM. */
static int dominates(const size_t *idom, size_t a, size_t b) {
    if (idom[b] == NONE) return 0;
    for (size_t x = b;; x = idom[x]) {
        if (x == a) return 1;
        if (idom[x] == x) return 0;
    }
}

static size_t find(size_t *parent, size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

/* Each block's innermost natural loop, as its header (NONE: in no loop). */
static int innermost_loops(size_t n, const adjacency *pred, const size_t *idom, size_t *inner) {
    size_t *size = malloc(n * sizeof *size), *stamp = malloc(n * sizeof *stamp);
    size_t *stack = malloc((n + 1) * sizeof *stack);
    if (!size || !stamp || !stack) {
        free(size);
        free(stamp);
        free(stack);
        return -1;
    }
    for (size_t v = 0; v < n; v++) inner[v] = size[v] = stamp[v] = NONE;
    for (size_t h = 0; h < n; h++) {
        size_t top = 0, body = 1;
        stamp[h] = h;
        for (size_t e = pred->start[h]; e < pred->start[h + 1]; e++) {
            size_t u = pred->adj[e];
            if (u < n && dominates(idom, h, u) && stamp[u] != h) stamp[u] = h, stack[top++] = u, body++;
        }
        if (body == 1) continue; /* no back edge: not a header */
        for (size_t k = 0; k < top; k++)
            for (size_t e = pred->start[stack[k]]; e < pred->start[stack[k] + 1]; e++) {
                size_t u = pred->adj[e];
                if (u < n && stamp[u] != h) stamp[u] = h, stack[top++] = u, body++;
            }
        for (size_t v = 0; v < n; v++)
            if (stamp[v] == h && body < size[v]) size[v] = body, inner[v] = h;
    }
    free(size);
    free(stamp);
    free(stack);
    return 0;
}

/* Whether every run that reached B ended in it (it ran, and none of its successors
 * did): a call that does not return, which GCC finds before it reads the profile
 * (the callee calls exit or abort) and ends the block there. */
static int runs_end_in(const result *r, const result_block *b) {
    if (!(b->mean > 0) || b->nsuccessors == 0) return 0;
    for (size_t s = 0; s < b->nsuccessors; s++)
        if (b->successors[s] >= r->nblocks || r->blocks[b->successors[s]].mean > 0) return 0;
    return 1;
}

int afdo_classes(const result *r, size_t first, size_t n, size_t *root) {
    size_t *parent = root;
    /* edges, and one to a virtual exit (node N) from each block that leaves the function */
    size_t m = 0, cap = 16;
    size_t *from = malloc(cap * sizeof *from), *to = malloc(cap * sizeof *to);
    int rc = from && to ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const result_block *b = &r->blocks[first + i];
        size_t before = m;
        int ends = runs_end_in(r, b);
        for (size_t s = 0; s <= b->nsuccessors && rc == 0; s++) {
            size_t target;
            if (s < b->nsuccessors) {
                if (ends) continue;
                if (b->successors[s] < first || b->successors[s] >= first + n) continue;
                target = b->successors[s] - first;
            } else if (m == before) {
                target = n;
            } else {
                break;
            }
            if (m == cap) {
                cap *= 2;
                size_t *f = realloc(from, cap * sizeof *f), *t = f ? realloc(to, cap * sizeof *t) : NULL;
                if (f) from = f;
                if (t) to = t;
                if (!f || !t) rc = -1;
            }
            if (rc == 0) from[m] = i, to[m++] = target;
        }
    }
    adjacency succ = {0}, pred = {0};
    size_t *idom = NULL, *ipdom = NULL, *inner = malloc((n + 1) * sizeof *inner);
    if (rc == 0 && (!inner || adjacency_build(n + 1, m, from, to, &succ) != 0 ||
                    adjacency_build(n + 1, m, to, from, &pred) != 0))
        rc = -1;
    if (rc == 0 && (!(idom = immediate_dominators(n + 1, 0, &succ, &pred)) ||
                    !(ipdom = immediate_dominators(n + 1, n, &pred, &succ)) ||
                    innermost_loops(n, &pred, idom, inner) != 0))
        rc = -1;
    for (size_t v = 0; v < n; v++) parent[v] = v;
    /* B joins each dominator A that it post-dominates in the same loop */
    for (size_t b = 0; b < n && rc == 0; b++) {
        if (idom[b] == NONE) continue;
        for (size_t a = b; idom[a] != a;) {
            a = idom[a];
            if (a < n && inner[a] == inner[b] && dominates(ipdom, b, a))
                parent[find(parent, a)] = find(parent, b);
        }
    }
    for (size_t v = 0; v < n; v++) parent[v] = find(parent, v); /* each block's root */
    free(from);
    free(to);
    adjacency_free(&succ);
    adjacency_free(&pred);
    free(idom);
    free(ipdom);
    free(inner);
    return rc;
}
