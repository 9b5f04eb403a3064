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
            if (set & (1u << i)) {
                size += w[i];
                value += v[i];
            }
        if (size <= budget && value > best) best = value;
    }
    return best;
}

static int consistent(const uint64_t *w, const double *v, size_t n, uint64_t budget, const int *chosen,
                      double claimed) {
    uint64_t size = 0;
    double value = 0;
    for (size_t i = 0; i < n; i++)
        if (chosen[i]) {
            size += w[i];
            value += v[i];
        }
    return size <= budget && value > claimed - 1e-9 * (1 + claimed) && value < claimed + 1e-9 * (1 + claimed);
}

/* Random instances of one kind against brute force; KIND 0: sizes that share a
 * factor 6 but for one odd item, 1: any sizes 1..300, many larger than the budget,
 * 2: sizes with a common factor and items larger than the budget. Returns 1 when the
 * knapsack found the optimum every time and every choice fits its budget. */
static int random_kind(int kind, int instances) {
    enum { N = 12 };
    uint64_t w[N];
    double v[N];
    int chosen[N];
    int good = 1;
    for (int t = 0; t < instances; t++) {
        uint64_t budget = 1 + (uint64_t)(rand() % 400);
        for (size_t i = 0; i < N; i++) {
            if (kind == 0)
                w[i] = i == 0 ? 1 + 2 * (uint64_t)(rand() % 50) : 6 * (1 + (uint64_t)(rand() % 50));
            else if (kind == 1)
                w[i] = 1 + (uint64_t)(rand() % 300);
            else
                w[i] = 48 * (1 + (uint64_t)(rand() % 4)) + (i % 3 == 0 ? budget : 0);
            v[i] = (rand() % 4 == 0) ? 0 : 1 + (double)(rand() % 10000) / 3.0;
        }
        /* the most valuable items are the oversize ones where there are any */
        for (size_t i = 0; i < N; i++)
            if (w[i] > budget) v[i] = 1e6 + (double)i;
        double got = knapsack_solve(w, v, N, budget, chosen);
        double want = brute(w, v, N, budget);
        if (got < want - 1e-9 * (1 + want) || got > want + 1e-9 * (1 + want)) good = 0;
        if (!consistent(w, v, N, budget, chosen, got)) good = 0;
        for (size_t i = 0; i < N; i++)
            if (chosen[i] && w[i] > budget) good = 0;
    }
    return good;
}

int main(void) {
    enum { INSTANCES = 60, N = 14 };
    plan(4 + 2 + 3 + 3);
    srand(12345);
    int dp_ok = 1, dp_within = 1, bb_ok = 1, bb_within = 1;
    uint64_t w[N];
    double v[N];
    int chosen[N];
    for (int t = 0; t < INSTANCES; t++) {
        for (size_t i = 0; i < N; i++) {
            w[i] = 2 * (1 + (uint64_t)(rand() % 200)); /* Thumb code: even sizes */
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

    /* A 102-byte function with a 96-byte budget: the gcd of what fits (48) must not
     * shrink it to 2 units of 48, which would "fit" in 96 / 48 = 2. */
    uint64_t sizes[3] = {48, 102, 48};
    double heat[3] = {1, 1000, 1};
    int pick[3];
    double best = knapsack_solve(sizes, heat, 3, 96, pick);
    ok(best == 2 && pick[0] && !pick[1] && pick[2], "a 102-byte item is never chosen for a 96-byte budget");
    uint64_t odd[3] = {4, 8, 6}; /* gcd 2 */
    double odd_v[3] = {3, 5, 4};
    ok(knapsack_solve(odd, odd_v, 3, 11, pick) == 7 && pick[0] && !pick[1] && pick[2],
       "budget 11 (not a multiple of the gcd 2) with sizes 4, 8, 6: {4, 6} (value 7)");
    ok(random_kind(0, 80), "sizes sharing a factor but one odd item: optimum and fit, 80 instances");
    ok(random_kind(1, 80),
       "sizes 1..300 against budgets 1..400 (oversize items most valuable): 80 instances");
    ok(random_kind(2, 80), "multiples of 48 plus oversize items: 80 instances");
    uint64_t big[2] = {200, 5};
    double big_v[2] = {100, 0};
    is_double(knapsack_solve(big, big_v, 2, 100, pick), 0, 0,
              "an oversize item and a worthless one: value 0");
    return done();
}
