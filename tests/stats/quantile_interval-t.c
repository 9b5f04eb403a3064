/* tests/stats/quantile_interval-t.c: the quantiles' intervals against their definition and coverage. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "binomial_sum.h"
#include "confidence_sequence.h"
#include "quantile_interval.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>

/* l is the largest rank whose lower tail fits in alpha / 2, u the smallest whose upper does. */
static int ranks_fit(uint64_t n, double p, double alpha) {
    quantile_ranks r;
    if (quantile_ranks_of(n, p, alpha, &r) != 0) return 0;
    long long l = (long long)r.low, u = (long long)r.high, nn = (long long)n;
    int low_ok = binomial_at_most(l - 1, nn, p) <= alpha / 2 + 1e-12 &&
                 (l == nn || binomial_at_most(l, nn, p) > alpha / 2);
    int high_ok = (u == nn + 1 ? 1 - binomial_at_most(nn - 1, nn, p) > alpha / 2
                               : 1 - binomial_at_most(u - 1, nn, p) <= alpha / 2 + 1e-12) &&
                  (u == 1 || 1 - binomial_at_most(u - 2, nn, p) > alpha / 2);
    if (!low_ok || !high_ok)
        diag("n %llu p %g alpha %g: l %lld u %lld", (unsigned long long)n, p, alpha, l, u);
    return low_ok && high_ok;
}

/* The smallest k with P(Bin(n, p) <= k) >= level. */
static unsigned binomial_quantile(double level, double p, unsigned n) {
    unsigned k = 0;
    while (k < n && gsl_cdf_binomial_P(k, p, n) < level) k++;
    return k;
}

static int by_value(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(void) {
    plan(16);

    /* The table's case, by hand: of 30 trials the median lies in [X(10), X(21)]
     * (P(B <= 9) = 0.0214 <= 0.025 < P(B <= 10) = 0.0494 for B ~ Bin(30, 1/2)). */
    quantile_ranks r = {0};
    int made = quantile_ranks_of(30, 0.5, 0.05, &r);
    ok(made == 0 && r.low == 10 && r.high == 21 && r.point == 15,
       "30 trials, the median at 95%%: ranks 10 and 21, the point 15 (got %llu, %llu, %llu)",
       (unsigned long long)r.low, (unsigned long long)r.high, (unsigned long long)r.point);

    int fit = 1;
    static const uint64_t ns[] = {1, 2, 7, 30, 31, 100, 1000, 4567};
    static const double ps[] = {0.01, 0.25, 0.5, 0.9, 0.99, 0.999};
    static const double alphas[] = {0.05, 0.01, 0.2};
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
        for (size_t j = 0; j < sizeof ps / sizeof *ps; j++)
            for (size_t k = 0; k < sizeof alphas / sizeof *alphas; k++)
                fit &= ranks_fit(ns[i], ps[j], alphas[k]);
    ok(fit, "every rank is the extreme one whose binomial tail fits in alpha / 2 (144 cases)");

    ok(quantile_ranks_of(0, 0.5, 0.05, &r) < 0 && quantile_ranks_of(10, 1, 0.05, &r) < 0 &&
           quantile_ranks_of(10, 0.5, 0, &r) < 0 && quantile_ranks_of(10, 0, 0.05, &r) < 0,
       "no ranks for no trials, a level of 0 or 1, or no error");

    /* The bound read off a histogram, against the trials sorted. */
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(g, 11);
    enum { N = 500 };
    uint64_t x[N];
    tally t;
    tally_init(&t);
    for (int i = 0; i < N; i++) {
        x[i] = gsl_rng_uniform(g) < 0.2 ? 0 : gsl_ran_poisson(g, 6.0);
        if (x[i]) tally_add(&t, x[i], 1);
    }
    qsort(x, N, sizeof *x, by_value);
    quantile_ranks_of(N, 0.9, 0.05, &r);
    quantile_bound b = {0};
    made = quantile_bound_of(&t, &r, INFINITY, 0, &b);
    ok(made == 0 && b.value == x[r.point - 1] && b.low == x[r.low - 1] && b.high == (double)x[r.high - 1],
       "500 trials, 0.9 at 95%%: the sorted trials' ranks %llu, %llu, %llu (%llu [%llu, %g])",
       (unsigned long long)r.low, (unsigned long long)r.point, (unsigned long long)r.high,
       (unsigned long long)b.value, (unsigned long long)b.low, b.high);
    ok(b.low <= b.value && b.value <= b.high, "...with the value inside its interval");
    quantile_bound cut = {0};
    quantile_bound_of(&t, &r, INFINITY, 3, &cut);
    ok(cut.low == b.low && cut.value == b.value && cut.high == (double)x[r.high - 1 + 3],
       "3 trials cut short at their timeout: the upper end three ranks on (%g), the rest as before",
       cut.high);
    quantile_bound_of(&t, &r, 40, N, &cut);
    ok(cut.high == 40, "...and with more cut short than ranks are left, the range (%g)", cut.high);

    /* Too few trials for an upper end: the range takes its place, or nothing does. */
    tally few;
    tally_init(&few);
    tally_add(&few, 3, 5);
    quantile_ranks_of(5, 0.99, 0.05, &r);
    quantile_bound_of(&few, &r, 40, 0, &b);
    ok(r.high == 6 && b.value == 3 && b.high == 40, "5 trials, 0.99: no rank bounds it; the range 40 does");
    quantile_bound_of(&few, &r, INFINITY, 0, &b);
    ok(isinf(b.high) && !quantile_bound_settled(&b, 100, 0, 0),
       "...and with no range nothing does: never settled");

    /* Settled: the value within epsilon of both ends; relative, of the lower end. */
    quantile_bound s = {5, 4, 6};
    ok(quantile_bound_settled(&s, 1, 0, 0) && !quantile_bound_settled(&s, 0.99, 0, 0),
       "[4, 6] around 5 settles at epsilon 1, not 0.99");
    ok(quantile_bound_settled(&s, 0.25, 1, 0) && !quantile_bound_settled(&s, 0.24, 1, 0) &&
           quantile_bound_settled(&s, 0.24, 1, 0.04),
       "...relative: 25%% of the lower end 4, or 24%% with a floor 0.04");

    tally over;
    tally_init(&over);
    for (uint64_t v = 1; v <= TALLY_MAX_DISTINCT + 1; v++) tally_add(&over, v, 1);
    quantile_ranks_of(TALLY_MAX_DISTINCT + 1, 0.5, 0.05, &r);
    ok(quantile_bound_of(&over, &r, INFINITY, 0, &b) < 0, "a tally past its histogram has no quantile");

    /* The trials an upper end needs: p^n <= alpha_look / 2, about 3,700 for 0.999 at 95%
     * on a fixed n, more for the share of the look. */
    uint64_t need = quantile_trials_for_upper(0.999, 0.05);
    quantile_ranks at, before;
    quantile_ranks_of(need, 0.999, confidence_sequence_alpha(need, 0.05), &at);
    quantile_ranks_of(need - 1, 0.999, confidence_sequence_alpha(need - 1, 0.05), &before);
    ok(need > 3687 && at.high <= need && before.high == need,
       "0.999 at 95%%: an upper end from %llu trials on, none at one fewer", (unsigned long long)need);

    /* Coverage: 2,000 runs of 200 trials of a discrete law whose 0.9-quantile is known
     * exactly; at alpha 0.1 the misses are at most Binomial(2000, 0.1), and more than
     * its 0.9999 quantile would show the interval short. */
    int misses = 0, upper_misses = 0;
    double lambda = 3.0;
    uint64_t q = 0;
    while (gsl_cdf_poisson_P((unsigned)q, lambda) < 0.9) q++;
    quantile_ranks_of(200, 0.9, 0.1, &r);
    for (int run = 0; run < 2000; run++) {
        tally c;
        tally_init(&c);
        for (int i = 0; i < 200; i++) {
            unsigned v = gsl_ran_poisson(g, lambda);
            if (v) tally_add(&c, v, 1);
        }
        quantile_bound_of(&c, &r, INFINITY, 0, &b);
        misses += (double)q < (double)b.low || (double)q > b.high;
        upper_misses += (double)q > b.high;
        tally_free(&c);
    }
    unsigned most = binomial_quantile(0.9999, 0.1, 2000);
    ok(misses <= (int)most,
       "Poisson(3)'s 0.9-quantile %llu: %d misses in 2,000 intervals at alpha 0.1 (at most %u)",
       (unsigned long long)q, misses, most);
    /* each side gets alpha / 2: at most Binomial(2000, 0.05)'s 0.9999 quantile above */
    unsigned side = binomial_quantile(0.9999, 0.05, 2000);
    ok(upper_misses <= (int)side, "...%d of them above the upper end (at most %u)", upper_misses, side);
    /* and not so wide that it would never settle: 200 trials pin a 3-valued window */
    ok(b.high - (double)b.low <= 3, "...each no wider than 3 counts (last: [%llu, %g])",
       (unsigned long long)b.low, b.high);

    tally_free(&t);
    tally_free(&few);
    tally_free(&over);
    gsl_rng_free(g);
    return done();
}
