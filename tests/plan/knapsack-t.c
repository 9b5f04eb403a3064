/* tests/plan/knapsack-t.c: the knapsack's choice is optimal: checked against every subset. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "tap.h"
#include "knapsack.h"

/* The optimum by trying all 2^n subsets. */
static double brute(const uint64_t *w, const double *v, size_t n, uint64_t budget) {
    double best = 0;
    for (uint32_t set = 0; set < (1u << n); set++) {
        uint64_t size = 0;
        double value = 0;
        for (size_t i = 0; i < n; i++)
            if (set & (1u << i)) { size += w[i]; value += v[i]; }
        if (size <= budget && value > best) best = value;
    }
    return best;
}

static int consistent(const uint64_t *w, const double *v, size_t n, uint64_t budget, const int *chosen,
                      double claimed) {
    uint64_t size = 0;
    double value = 0;
    for (size_t i = 0; i < n; i++)
        if (chosen[i]) { size += w[i]; value += v[i]; }
    return size <= budget && value > claimed - 1e-9 * (1 + claimed) && value < claimed + 1e-9 * (1 + claimed);
}

int main(void) {
    enum { INSTANCES = 60, N = 14 };
    plan(4 + 2);
    srand(12345);
    int dp_ok = 1, dp_within = 1, bb_ok = 1, bb_within = 1;
    uint64_t w[N];
    double v[N];
    int chosen[N];
    for (int t = 0; t < INSTANCES; t++) {
        for (size_t i = 0; i < N; i++) {
            w[i] = 2 * (1 + (uint64_t)(rand() % 200));             /* Thumb code: even sizes */
            v[i] = (rand() % 3 == 0) ? 0 : (double)(rand() % 10000) / 7.0;
        }
        uint64_t budget = (uint64_t)(rand() % 1500);
        double got = knapsack_solve(w, v, N, budget, chosen);
        double want = brute(w, v, N, budget);
        if (got < want - 1e-9 * (1 + want) || got > want + 1e-9 * (1 + want)) dp_ok = 0;
        if (!consistent(w, v, N, budget, chosen, got)) dp_within = 0;
        /* sizes made large and coprime: the table would not fit, branch and bound runs */
        for (size_t i = 0; i < N; i++) w[i] = w[i] * 100003 + 1;
        budget = budget * 100003;
        got = knapsack_solve(w, v, N, budget, chosen);
        want = brute(w, v, N, budget);
        if (got < want - 1e-9 * (1 + want) || got > want + 1e-9 * (1 + want)) bb_ok = 0;
        if (!consistent(w, v, N, budget, chosen, got)) bb_within = 0;
    }
    ok(dp_ok, "dynamic programme: the optimum of %d random instances of %d items", INSTANCES, N);
    ok(dp_within, "...and the chosen items fit the budget and add up to it");
    ok(bb_ok, "branch and bound (large sizes): the optimum of every instance");
    ok(bb_within, "...and the chosen items fit the budget and add up to it");
    uint64_t one[2] = {10, 20};
    double val[2] = {5, 7};
    int ch[2];
    is_double(knapsack_solve(one, val, 2, 9, ch), 0, 0, "nothing fits: value 0");
    ok(knapsack_solve(one, val, 2, 30, ch) == 12 && ch[0] && ch[1], "everything fits: everything chosen");
    return done();
}
