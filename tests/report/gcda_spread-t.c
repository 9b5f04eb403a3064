/* tests/report/gcda_spread-t.c: the standard error of a sampled gcda export, by batch means over chunks of
 * trials. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include "tap.h"
#include "gcda_spread.h"

/* splitmix64: a fixed stream for the simulated counts */
static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(void) {
    plan(5);
    /* Chunks of unequal size with counts given: the error equals the weighted batch
     * means formula computed here term by term. */
    static const uint64_t sizes[] = {256, 256, 256, 100};
    static const uint64_t counts[] = {300, 250, 280, 90};
    gcda_spread s;
    if (gcda_spread_init(&s, 1) != 0) bail("out of memory");
    uint64_t total = 0, trials = 0;
    for (int b = 0; b < 4; b++) {
        total += counts[b];
        gcda_spread_add(&s, &total, sizes[b]);
        trials += sizes[b];
    }
    double m = (double)total / (double)trials, sum = 0;
    for (int b = 0; b < 4; b++) {
        double w = (double)sizes[b] / (double)trials, x = (double)counts[b] / (double)sizes[b];
        sum += w * w * (x - m) * (x - m);
    }
    double want = sqrt(4.0 / 3.0 * sum), got = gcda_spread_error(&s, 0);
    ok(fabs(got - want) <= 1e-12 * want, "weighted batch means: %.10f, by hand %.10f", got, want);
    size_t at = 99;
    double worst = gcda_spread_worst(&s, 0.01, &at);
    ok(at == 0 && fabs(worst - want / m) <= 1e-12, "relative to the mean: %.6f", worst);
    gcda_spread_free(&s);

    /* One chunk: no spread to measure. */
    if (gcda_spread_init(&s, 1) != 0) bail("out of memory");
    gcda_spread_add(&s, &total, trials);
    ok(isnan(gcda_spread_error(&s, 0)), "one chunk gives no error");
    gcda_spread_free(&s);

    /* Coverage: counts of Bernoulli(0.3) per trial in 40 chunks of 256; over 400 seeds
     * the mean lies within 1.96 errors of 0.3 about 95% of the time. With n = 400
     * covering runs counted, the 99.9% two-sided binomial band around 0.95 (its
     * sd sqrt(0.95 x 0.05 / 400) = 0.0109, 3.29 of them) is 0.914 to 0.986; batch
     * means with 40 chunks is t-like, 39 degrees of freedom, so 1.96 covers 94.3%,
     * still inside the band. An error off by a factor sqrt(2) covers 84% or 99.4%. */
    int covered = 0, runs = 400;
    uint64_t seed = 42;
    for (int k = 0; k < runs; k++) {
        if (gcda_spread_init(&s, 2) != 0) bail("out of memory");
        uint64_t t[2] = {0, 0};
        for (int b = 0; b < 40; b++) {
            for (int i = 0; i < 256; i++) {
                t[0] += next(&seed) % 10 < 3;
                t[1] += 1; /* a counter every trial steps once: no spread */
            }
            gcda_spread_add(&s, t, 256);
        }
        double mean = (double)t[0] / (double)s.trials, se = gcda_spread_error(&s, 0);
        covered += fabs(mean - 0.3) <= 1.96 * se;
        if (k == 0) ok(gcda_spread_error(&s, 1) == 0, "a counter that never varies has error 0");
        gcda_spread_free(&s);
    }
    double share = (double)covered / runs;
    ok(share >= 0.914 && share <= 0.986, "1.96 errors cover the true mean in %d of %d seeds (%.3f)", covered,
       runs, share);
    return done();
}
