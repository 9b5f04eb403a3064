/* tests/report/edge_flow-t.c: edge counts derived by flow conservation, and the edges they cannot pin down.
 */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"
#include "export.h"

/* A result of N blocks of one function, all with the given means, no edges yet. */
static result *graph(size_t n, const double *means, uint64_t trials) {
    result *r = calloc(1, sizeof *r);
    r->spec = copy("g.fspec");
    r->mode = copy("program");
    r->entry = copy("main");
    r->trials = trials;
    r->nblocks = n;
    r->blocks = calloc(n, sizeof *r->blocks);
    for (size_t i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "b%zu", i);
        block(&r->blocks[i], "main", name, "g.c", (int)i + 1, means[i], 0, 0, 0, 0, 0, "converged", "clt", 0);
    }
    return r;
}

static void succ(result *r, size_t i, size_t n, const uint32_t *to) {
    r->blocks[i].successors = malloc(n * sizeof *to);
    memcpy(r->blocks[i].successors, to, n * sizeof *to);
    r->blocks[i].nsuccessors = n;
}

static void calls(result *r, size_t i, const char *callee) {
    r->blocks[i].callees = malloc(sizeof(char *));
    r->blocks[i].callees[0] = copy(callee);
    r->blocks[i].ncallees = 1;
}

static const edge_flow_edge *edge(const edge_flow *f, uint32_t from, uint32_t to) {
    for (size_t e = 0; e < f->nedges; e++)
        if (f->edges[e].from == from && f->edges[e].to == to) return &f->edges[e];
    return NULL;
}

/* Checks that FROM -> TO is known with COUNT (exactly: the solver rounds to 1/trials). */
static void known(const edge_flow *f, uint32_t from, uint32_t to, double count, const char *what) {
    const edge_flow_edge *e = edge(f, from, to);
    ok(e && e->known && e->count == count, "%s: b%u -> b%u is %g (%s %.17g)", what, from, to, count,
       e && e->known ? "got" : "unknown", e ? e->count : NAN);
}

static void unknown(const edge_flow *f, uint32_t from, uint32_t to, const char *what) {
    const edge_flow_edge *e = edge(f, from, to);
    ok(e && !e->known, "%s: b%u -> b%u is left unknown", what, from, to);
}

int main(void) {
    plan(25);
    edge_flow f;

    /* Newton's loop: entry -> {then, cond}, cond <-> body, cond -> end -> ret; every edge
     * follows (the loop back-edge from the body's single successor). Means are k/trials
     * sums with rounding noise, as a real run gives them. */
    double newton[] = {1, 0.25, 0.75, 8.6748, 7.9248, 0.75, 1};
    result *r = graph(7, newton, 10000);
    succ(r, 0, 2, (uint32_t[]){1, 2});
    succ(r, 1, 1, (uint32_t[]){6});
    succ(r, 2, 1, (uint32_t[]){3});
    succ(r, 3, 2, (uint32_t[]){4, 5});
    succ(r, 4, 1, (uint32_t[]){3});
    succ(r, 5, 1, (uint32_t[]){6});
    is_int(edge_flow_solve(r, &f), 0, "newton: solved");
    is_int((long long)f.nedges, 8, "newton: eight edges");
    known(&f, 0, 1, 0.25, "newton");
    known(&f, 0, 2, 0.75, "newton");
    known(&f, 3, 4, 7.9248, "newton");
    known(&f, 4, 3, 7.9248, "newton");
    known(&f, 3, 5, 0.75, "newton");
    known(&f, 1, 6, 0.25, "newton");
    edge_flow_free(&f);
    result_free(r);

    /* A switch whose two cases go to one block: one edge, carrying both. */
    double sw[] = {1, 0.5, 0.5, 1};
    r = graph(4, sw, 6);
    succ(r, 0, 3, (uint32_t[]){1, 2, 2});
    succ(r, 1, 1, (uint32_t[]){3});
    succ(r, 2, 1, (uint32_t[]){3});
    is_int(edge_flow_solve(r, &f), 0, "switch: solved");
    is_int((long long)(f.first[1] - f.first[0]), 2, "switch: duplicate successors make one edge");
    known(&f, 0, 2, 0.5, "switch");
    edge_flow_free(&f);
    result_free(r);

    /* The run ends inside a call (exit() in the callee): b2 has one successor but never
     * reaches it. Its out-equation must not be used; b3's in-equation gives 0. */
    double ex[] = {1, 1, 1, 0};
    r = graph(4, ex, 100);
    succ(r, 0, 2, (uint32_t[]){1, 3});
    succ(r, 1, 1, (uint32_t[]){2});
    succ(r, 2, 1, (uint32_t[]){3});
    calls(r, 2, "finish");
    is_int(edge_flow_solve(r, &f), 0, "exit in a call: solved");
    known(&f, 2, 3, 0, "exit in a call");
    known(&f, 0, 3, 0, "exit in a call");
    known(&f, 1, 2, 1, "exit in a call");
    edge_flow_free(&f);
    result_free(r);

    /* Two blocks X, W each going to both Y and Z: the counts fix the sums, not the split. */
    double cross[] = {1, 0.5, 0.5, 0.6, 0.4, 1};
    r = graph(6, cross, 10);
    succ(r, 0, 2, (uint32_t[]){1, 2});
    succ(r, 1, 2, (uint32_t[]){3, 4});
    succ(r, 2, 2, (uint32_t[]){3, 4});
    succ(r, 3, 1, (uint32_t[]){5});
    succ(r, 4, 1, (uint32_t[]){5});
    is_int(edge_flow_solve(r, &f), 0, "crossing: solved");
    unknown(&f, 1, 3, "crossing");
    unknown(&f, 2, 4, "crossing");
    known(&f, 0, 2, 0.5, "crossing");
    known(&f, 4, 5, 0.4, "crossing");
    edge_flow_free(&f);
    result_free(r);

    /* A block that never ran sends 0 everywhere, even when it calls something, and even
     * where the other equations would leave the split open. */
    double cold[] = {1, 0, 1, 1};
    r = graph(4, cold, 50);
    succ(r, 0, 2, (uint32_t[]){1, 2});
    succ(r, 1, 2, (uint32_t[]){2, 3});
    succ(r, 2, 1, (uint32_t[]){3});
    calls(r, 1, "log");
    is_int(edge_flow_solve(r, &f), 0, "cold block: solved");
    known(&f, 1, 2, 0, "cold block");
    known(&f, 1, 3, 0, "cold block");
    known(&f, 0, 2, 1, "cold block");
    edge_flow_free(&f);
    result_free(r);

    /* No blocks at all. */
    r = graph(0, NULL, 0);
    ok(edge_flow_solve(r, &f) == 0 && f.nedges == 0, "an empty result has no edges");
    edge_flow_free(&f);
    result_free(r);
    return done();
}
