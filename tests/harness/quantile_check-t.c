/* tests/harness/quantile_check-t.c: checks the run judges a quantile at the look's share of the error. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "binomial_sum.h"
#include "confidence_sequence.h"
#include "quantile_check.h"

int main(void) {
    plan(7);
    /* one block, unbounded, with the counts 1, 2, ..., N once each: X(k) = k */
    enum { N = 3000 };
    fsabi_block block = {0};
    block.max_runs = FSABI_RUNS_UNBOUNDED;
    fsabi_module mod = {0};
    mod.nblocks = 1;
    mod.blocks = &block;
    runner_config cfg = {0};
    cfg.mod = &mod;
    stop_params_init(&cfg.stop, 1, 0, 0.95);
    tally t;
    tally_init(&t);
    for (uint64_t v = 1; v <= N; v++) tally_add(&t, v, 1);
    block_verdict v = {0};

    /* The ranks the look's share gives, found here from the definition: the run looks
     * at 3000 trials (a check point) with alpha_k, not alpha. */
    double look = confidence_sequence_alpha(N, 0.05);
    long long l = 0, u = N + 1;
    while (l < N && binomial_at_most(l, N, 0.5) <= look / 2) l++;
    while (u > 1 && 1 - binomial_at_most(u - 2, N, 0.5) <= look / 2) u--;
    quantile_bound b;
    cfg.stop.epsilon = fmax(1500.0 - (double)l, (double)u - 1500.0); /* the farther end, exactly */
    quantile_status s = quantile_check_block(&cfg, 0, &t, &v, 0.5, N, &b);
    ok(look < 0.05 / 20, "the look at %d trials has a share %.3g of 0.05", N, look);
    ok(b.value == 1500 && (long long)b.low == l && b.high == (double)u,
       "the median of 1..3000: 1500 in [%llu, %g], the ranks of the look's share (%lld, %lld)",
       (unsigned long long)b.low, b.high, l, u);
    ok(s == QUANTILE_SETTLED, "...settled at an epsilon of its distance to the farther end, %g",
       cfg.stop.epsilon);
    cfg.stop.epsilon -= 0.5;
    ok(quantile_check_block(&cfg, 0, &t, &v, 0.5, N, &b) == QUANTILE_OPEN,
       "...and open at half a count less");
    v.unbounded = 5; /* five trials killed at their timeout while the block ran */
    quantile_check_block(&cfg, 0, &t, &v, 0.5, N, &b);
    ok(b.low == (uint64_t)l && b.high == (double)(u + 5),
       "5 trials cut short by the timeout: the upper end %g, 5 on", b.high);
    v.unbounded = 0;

    /* the block proven to run once in every trial is exactly 1 at every level */
    v.method = METHOD_EXACT;
    ok(quantile_check_block(&cfg, 0, &t, &v, 0.999, N, &b) == QUANTILE_SETTLED && b.value == 1 &&
           b.low == 1 && b.high == 1,
       "a block proven exact is 1 at every level, settled");
    tally never;
    tally_init(&never);
    ok(quantile_check_block(&cfg, 0, &never, &v, 0.5, N, &b) == QUANTILE_SETTLED && b.value == 0 &&
           b.low == 0 && b.high == 0,
       "...and a block proven never to run, and never seen, 0");
    tally_free(&never);
    tally_free(&t);
    return done();
}
