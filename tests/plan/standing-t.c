/* tests/plan/standing-t.c: the standing probability is the stationary distribution of the call chain. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "standing.h"

int main(void) {
    plan(4);
    /* A walk on a weighted undirected graph stays at a node in proportion to the sum
     * of its edge weights: here edge weights are calls(i,j) + calls(j,i). */
    enum { N = 4 };
    double calls[N * N] = {0};
    calls[0 * N + 1] = 10; /* main calls dispatch 10 times */
    calls[1 * N + 2] = 6;  /* dispatch calls work_a 6 times */
    calls[1 * N + 3] = 4;  /* and work_b 4 times */
    calls[2 * N + 3] = 2;  /* work_a calls work_b twice */
    double strength[N] = {10, 10 + 6 + 4, 6 + 2, 4 + 2}, total = 0, pi[N];
    for (int i = 0; i < N; i++) total += strength[i];
    ok(standing_probability(N, calls, pi) == 0, "the eigensolver finds the distribution");
    double worst = 0, sum = 0;
    for (int i = 0; i < N; i++) {
        worst = fmax(worst, fabs(pi[i] - strength[i] / total));
        sum += pi[i];
    }
    ok(worst < 1e-6, "each share equals its node's strength over the total (worst error %g)", worst);
    is_double(sum, 1, 1e-12, "the shares add up to 1");
    ok(pi[1] > pi[0] && pi[1] > pi[2] && pi[1] > pi[3], "the dispatcher ranks first");
    return done();
}
