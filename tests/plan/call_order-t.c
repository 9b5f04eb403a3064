/* tests/plan/call_order-t.c: C3 function order: hand-derived orders and the layout's invariants on random
 * graphs. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "call_order.h"

enum { MAIN, HOT, WARM, LEAF, COLD, BIG, N };
static const char *const names[N] = {"main", "hot", "warm", "leaf", "cold", "big"};

static int same(const size_t *got, const size_t *want, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) return 0;
    return 1;
}

int main(void) {
    plan(6);
    uint64_t size[N] = {100, 50, 60, 30, 40, 5000};
    double heat[N] = {10, 500, 120, 300, 0, 200};
    double calls[N * N] = {0};
    calls[MAIN * N + HOT] = 10;
    calls[MAIN * N + WARM] = 2;
    calls[HOT * N + LEAF] = 100;
    calls[WARM * N + LEAF] = 5;
    calls[MAIN * N + BIG] = 1;
    size_t order[N], cluster[N];
    /* Hottest first: hot joins its caller main ([main hot], 150 bytes), leaf its
     * heaviest caller hot ([main hot leaf], 180), big would make 5180 > 4096 bytes and
     * stays alone, warm joins main (240). Densities: 930/240, 200/5000, 0. */
    ok(call_order_c3(N, size, heat, calls, names, 4096, order, cluster) == 0, "C3 runs");
    size_t want[N] = {MAIN, HOT, LEAF, WARM, BIG, COLD}, want_cluster[N] = {0, 0, 0, 0, 1, 2};
    ok(same(order, want, N) && same(cluster, want_cluster, N),
       "callees follow their heaviest callers; "
       "a cluster past the page stays apart; clusters by density");
    /* A 200-byte page, warm hotter: warm (300, after leaf by name) cannot join main's
     * 180-byte cluster, and alone it is denser (5) than [main hot leaf] (810/180 = 4.5). */
    heat[WARM] = 300;
    ok(call_order_c3(N, size, heat, calls, names, 200, order, cluster) == 0, "C3 runs with a 200-byte page");
    size_t want2[N] = {WARM, MAIN, HOT, LEAF, BIG, COLD}, want_cluster2[N] = {0, 1, 1, 1, 2, 3};
    ok(same(order, want2, N) && same(cluster, want_cluster2, N), "a denser lone function goes first");

    /* random graphs: a permutation, clusters contiguous, within the page unless alone,
     * by non-increasing density */
    srand(99);
    int permutation = 1, clusters_ok = 1;
    enum { M = 40 };
    uint64_t sz[M];
    double ht[M], cl[M * M];
    const char *nm[M];
    char text[M][8];
    size_t ord[M], clu[M];
    for (int t = 0; t < 200; t++) {
        for (size_t i = 0; i < M; i++) {
            sz[i] = 2 + (uint64_t)(rand() % 400);
            ht[i] = rand() % 5 ? (double)(rand() % 1000) : 0;
            snprintf(text[i], sizeof text[i], "f%zu", i);
            nm[i] = text[i];
            for (size_t j = 0; j < M; j++) cl[i * M + j] = rand() % 10 == 0 ? (double)(rand() % 50) : 0;
        }
        if (call_order_c3(M, sz, ht, cl, nm, 1024, ord, clu) != 0) {
            permutation = 0;
            break;
        }
        int seen[M] = {0};
        for (size_t k = 0; k < M; k++) {
            if (ord[k] >= M || seen[ord[k]]++) permutation = 0;
        }
        double last = 1e308;
        for (size_t k = 0; k < M;) {
            size_t end = k;
            uint64_t bytes = 0;
            double h = 0;
            while (end < M && clu[end] == clu[k]) {
                bytes += sz[ord[end]];
                h += ht[ord[end]];
                end++;
            }
            if (end - k > 1 && bytes > 1024) clusters_ok = 0;
            if (k > 0 && clu[k] != clu[k - 1] + 1) clusters_ok = 0;
            double d = h / (double)bytes;
            if (d > last * (1 + 1e-12)) clusters_ok = 0;
            last = d;
            k = end;
        }
    }
    ok(permutation, "200 random graphs of 40 functions: every function laid out exactly once");
    ok(clusters_ok, "...clusters contiguous, within the page unless alone, densest first");
    return done();
}
