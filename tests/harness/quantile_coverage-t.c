/* tests/harness/quantile_coverage-t.c: the quantiles' intervals hold the validation programs' exact truths,
 * the run stopping as it does. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "binomial_sum.h"
#include "quantile_coverage.h"

int main(void) {
    plan((int)nmodels + 1);
    /* 50 runs a program at alpha 0.1 per quantile: a block's misses are at most
     * Binomial(50, 0.1), so more than its 0.999 quantile says the interval is short */
    enum { RUNS = 50 };
    long long most = 0;
    while (binomial_at_most(most, RUNS, 0.1) < 0.999) most++;
    static const double levels[] = {0.5, 0.9};
    double trials = 0;
    for (size_t i = 0; i < nmodels; i++) {
        quantile_coverage c;
        if (quantile_coverage_measure(&models[i], levels, 2, 0.9, RUNS, 7, 4000, &c) != 0)
            bail("out of memory");
        int worst = RUNS;
        size_t at = 0;
        for (size_t j = 0; j < models[i].nblocks; j++)
            for (size_t k = 0; k < 2; k++)
                if (c.covered[j][k] < worst) {
                    worst = c.covered[j][k];
                    at = j * 2 + k;
                }
        ok(RUNS - worst <= most, "%s: at most %d of %d intervals miss (%lld allowed), the worst %s at %g",
           models[i].name, RUNS - worst, RUNS, most, models[i].labels[at / 2], levels[at % 2]);
        trials += c.trials;
    }
    ok(trials > 0, "the runs drew trials (%.0f a run on average)", trials / (double)nmodels);
    return done();
}
