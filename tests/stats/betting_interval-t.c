/* tests/stats/betting_interval-t.c: checks the betting interval's order, its coverage on skewed counts, and
 * its width. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "betting_interval.h"
#include "confidence_sequence.h"
#include "stop_rule.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

/* Two skewed laws on [0, R] with exact means:
 *  - quartic: floor(50 U^4), R = 50; E = sum_{k=1}^{50} P(U^4 >= k / 50) = sum (1 - (k / 50)^(1/4));
 *  - spike: 40 with p = 0.02, else bernoulli(0.3), R = 40; E = 0.8 + 0.98 * 0.3. */
typedef struct law {
    const char *name;
    double range;
    uint64_t (*draw)(gsl_rng *);
    double mean;
} law;

static uint64_t quartic(gsl_rng *r) {
    double u = gsl_rng_uniform(r);
    return (uint64_t)floor(50 * u * u * u * u);
}

static uint64_t spike(gsl_rng *r) {
    return gsl_rng_uniform(r) < 0.02 ? 40 : gsl_rng_uniform(r) < 0.3;
}

static double quartic_mean(void) {
    double sum = 0;
    for (int k = 1; k <= 50; k++) sum += 1 - pow(k / 50.0, 0.25);
    return sum;
}

static void sample(gsl_rng *r, const law *l, uint64_t n, tally *t, tally_moments *m) {
    tally_reset(t);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = l->draw(r);
        if (x && tally_add(t, x, 1) < 0) bail("out of memory");
    }
    tally_moments_of(t, n, m);
}

/* Over SAMPLES samples of N counts: how many intervals at ALPHA miss the mean, and
 * the mean half-widths of the betting and empirical Bernstein intervals. */
static int misses(const law *l, uint64_t n, int samples, double alpha, double *bet, double *bern) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 20261125);
    tally t;
    tally_init(&t);
    int miss = 0;
    *bet = *bern = 0;
    for (int s = 0; s < samples; s++) {
        tally_moments m;
        betting_order o;
        sample(r, l, n, &t, &m);
        if (betting_order_make(&o, &t, n, l->range, (uint64_t)s * 7919 + 1) != 0) bail("no order");
        double lo, hi;
        betting_interval_bounds(&o, l->range, m.mean, l->range, alpha, 1e-6 * l->range, &lo, &hi);
        betting_order_free(&o);
        miss += !(lo <= l->mean && l->mean <= hi);
        *bet += fmax(m.mean - lo, hi - m.mean) / samples;
        *bern += confidence_sequence_half_width(n, m.variance, l->range, alpha) / samples;
    }
    tally_free(&t);
    gsl_rng_free(r);
    return miss;
}

int main(void) {
    plan(20);
    law laws[2] = {{"quartic", 50, quartic, quartic_mean()}, {"spike", 40, spike, 0.8 + 0.98 * 0.3}};

    /* The order holds every trial once: the multiset comes back, zeros included. */
    {
        tally t;
        tally_init(&t);
        tally_add(&t, 3, 5);
        tally_add(&t, 7, 2);
        betting_order o;
        ok(betting_order_make(&o, &t, 10, 7, 1) == 0, "an order of 10 trials (5 threes, 2 sevens, 3 zeros)");
        int zeros = 0, threes = 0, sevens = 0, first_three = -1;
        for (uint64_t i = 0; i < o.n; i++) {
            double y = o.value[o.at[i]];
            zeros += y == 0;
            threes += y == 3.0 / 7;
            sevens += y == 1;
            if (y == 3.0 / 7 && first_three < 0) first_three = (int)i;
        }
        ok(zeros == 3 && threes == 5 && sevens == 2, "...holds each count as often as the tally: %d, %d, %d",
           zeros, threes, sevens);
        betting_order_free(&o);
        ok(betting_order_make(&o, &t, 10, 6, 1) != 0, "...and refuses a range below the largest count");
        ok(betting_order_make(&o, &t, 6, 7, 1) != 0, "...or fewer trials than reached the block");
        tally_free(&t);
    }

    /* Exact ends for a small fixed input, computed apart from this code by a short
     * program of its own (the order's splitmix64 and Lemire draws, then the capital
     * of betting_interval.h bisected to 1e-15): 60 trials, 20 zeros, 30 ones and 10
     * threes, range 3, order seed 7, alpha 0.05. The interval is [0.6976518949811721,
     * 1.40195389487057]; a goal of 1 / alpha for 2 / alpha would give [0.72882,
     * 1.35495], so each end is pinned to 1e-6 on both sides. */
    {
        tally t;
        tally_init(&t);
        tally_add(&t, 1, 30);
        tally_add(&t, 3, 10);
        betting_order o;
        if (betting_order_make(&o, &t, 60, 3, 7) != 0) bail("no order");
        const double low = 0.6976518949811721 / 3, high = 1.40195389487057 / 3;
        ok(betting_interval_rejects(&o, low - 1e-6, 1, 0.05) &&
               !betting_interval_rejects(&o, low + 1e-6, 1, 0.05),
           "60 fixed trials: K+ rejects up to 0.697652 / 3 and no further");
        ok(betting_interval_rejects(&o, high + 1e-6, -1, 0.05) &&
               !betting_interval_rejects(&o, high - 1e-6, -1, 0.05),
           "...K- rejects from 1.401954 / 3 and no nearer");
        double lower, upper;
        betting_interval_bounds(&o, 3, 1.0, 1.0, 0.05, 1e-6, &lower, &upper);
        ok(lower <= 0.6976518949811721 && lower >= 0.6976518949811721 - 2e-6,
           "...the lower end %.7f, rounded down within the tolerance", lower);
        ok(upper >= 1.40195389487057 && upper <= 1.40195389487057 + 2e-6,
           "...the upper end %.7f, rounded up within the tolerance", upper);
        betting_order_free(&o);
        tally_free(&t);
    }

    /* The capital falls in m on the + side and rises on the - side: each side rejects
     * an interval's worth of means and no more. */
    {
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, 5);
        tally t;
        tally_init(&t);
        tally_moments m;
        sample(r, &laws[0], 2000, &t, &m);
        betting_order o;
        betting_order_make(&o, &t, 2000, 50, 9);
        int changes_low = 0, changes_high = 0, last_low = 1, last_high = 0;
        for (int k = 1; k < 200; k++) {
            double mm = k / 200.0;
            int low = betting_interval_rejects(&o, mm, 1, 0.01),
                high = betting_interval_rejects(&o, mm, -1, 0.01);
            changes_low += low != last_low;
            changes_high += high != last_high;
            last_low = low;
            last_high = high;
        }
        ok(changes_low == 1 && changes_high == 1, "on a grid of means each side switches once (%d, %d)",
           changes_low, changes_high);
        ok(!betting_interval_rejects(&o, m.mean / 50, 1, 0.01) &&
               !betting_interval_rejects(&o, m.mean / 50, -1, 0.01),
           "...and neither rejects the sample mean");
        betting_order_free(&o);
        tally_free(&t);
        gsl_rng_free(r);
    }

    /* Coverage: 1000 samples of 300 counts per law and confidence; misses at most
     * 1 - gamma + 3 standard errors (one-sided; the chance of a false alarm over the
     * four checks is under 0.6%). */
    for (int i = 0; i < 2; i++)
        for (int g = 0; g < 2; g++) {
            double alpha = g ? 0.01 : 0.05, bet, bern;
            int s = 1000, miss = misses(&laws[i], 300, s, alpha, &bet, &bern);
            double allowed = alpha * s + 3 * sqrt(s * alpha * (1 - alpha));
            ok(miss <= allowed, "%s at %.2f: %d of %d intervals miss the exact mean %.6f (allowed %.1f)",
               laws[i].name, 1 - alpha, miss, s, laws[i].mean, allowed);
            ok(bet < 0.8 * bern, "...mean half-width %.4f, under 0.8 times empirical Bernstein's %.4f", bet,
               bern);
        }

    /* In the rule: a Poisson(3) count under a range of 60 at a Bonferroni share of
     * 0.01 / 40, the forty loops of bench/shapes: the betting interval is taken, and
     * is narrower than the Bernstein interval at the same share would be. */
    {
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, 11);
        tally t;
        tally_init(&t);
        for (int i = 0; i < 6000; i++) {
            unsigned x = gsl_ran_poisson(r, 3.0);
            if (x) tally_add(&t, x, 1);
        }
        tally_moments m;
        tally_moments_of(&t, 6000, &m);
        stop_params p;
        stop_params_init(&p, 0.15, 0, 0.99);
        stop_params_family(&p, STOP_BONFERRONI, 40);
        block_verdict v, plain;
        stop_rule_judge_counts(&p, &m, &t, 0, 60, &v);
        stop_rule_judge_bounded(&p, &m, 0, 60, &plain);
        double bern = confidence_sequence_half_width(6000, m.variance, 60, stop_rule_betting_share(&p));
        ok(v.method == METHOD_BETTING && v.status == BLOCK_CONVERGED && v.half_width < bern,
           "6000 Poisson(3) counts in [0, 60] at 0.99 / 40: betting, %.4f, under Bernstein's %.4f at its "
           "share",
           v.half_width, bern);
        ok(plain.status == BLOCK_NOT_CONVERGED, "...without the tally the same moments stay open (%s, %.4f)",
           block_method_name(plain.method), plain.half_width);
        tally_free(&t);
        gsl_rng_free(r);
    }
    return done();
}
