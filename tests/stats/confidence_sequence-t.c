/* tests/stats/confidence_sequence-t.c: checks the anytime intervals' spending and their validity. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "confidence_sequence.h"
#include "schedule.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_zeta.h>

int main(void) {
    plan(9);
    double z = gsl_sf_zeta(1.2);
    is_double(confidence_sequence_alpha(30, 0.05), 0.05 / z, 1e-15,
              "the first look (30 trials) gets alpha / zeta(1.2)");
    is_double(confidence_sequence_alpha(32, 0.05), 0.05 / (z * pow(2, 1.2)), 1e-15,
              "the second gets alpha / (zeta 2^1.2)");
    ok(confidence_sequence_alpha(31, 0.05) == confidence_sequence_alpha(32, 0.05),
       "a count between points shares the next point's index");
    ok(confidence_sequence_alpha(30, 0) == 0 && confidence_sequence_alpha(30, 1) == 0,
       "alpha outside (0, 1): 0");
    double sum = 0;
    for (uint64_t n = 30; n < UINT64_MAX / 2; n = schedule_next(n, UINT64_MAX))
        sum += confidence_sequence_alpha(n, 0.05);
    ok(sum <= 0.05, "over every look up to 2^63 the shares sum to %.5f <= alpha", sum);

    /* Maurer and Pontil, both sides: sqrt(2 V L / n) + 7 c L / (3 (n - 1)). */
    double l = log(4 / 0.001);
    is_double(confidence_sequence_half_width(1000, 4.0, 10, 0.001),
              sqrt(2 * 4.0 * l / 1000) + 7 * 10 * l / (3 * 999.0), 1e-14, "the half-width formula");
    ok(isinf(confidence_sequence_half_width(1, 1, 1, 0.01)) &&
           isinf(confidence_sequence_half_width(10, 1, INFINITY, 0.01)),
       "n < 2 or an infinite range: infinity");

    /* Anytime validity, measured: 2000 sequences of Bernoulli(0.1) counts scaled to
     * {0, 5}, watched at every check point up to 20000 trials. The share of sequences
     * that ever leave their interval must stay under alpha = 0.05: with a standard
     * error of 0.005 at 0.05, 0.065 would be 3 of them above. (It is far under: the
     * bound is conservative.) */
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(g, 5);
    int ever = 0;
    for (int r = 0; r < 2000; r++) {
        double s1 = 0, s2 = 0;
        uint64_t n = 0;
        int out = 0;
        for (uint64_t next = 30; next <= 20000 && !out; next = schedule_next(next, 20001)) {
            for (; n < next; n++) {
                double x = gsl_ran_bernoulli(g, 0.1) ? 5.0 : 0.0;
                s1 += x;
                s2 += x * x;
            }
            double mean = s1 / n, var = (s2 - s1 * mean) / (n - 1);
            double hw = confidence_sequence_half_width(n, var, 5, confidence_sequence_alpha(n, 0.05));
            out = fabs(mean - 0.5) > hw;
        }
        ever += out;
    }
    gsl_rng_free(g);
    ok(ever <= 0.065 * 2000, "ever outside, watched at every point: %d of 2000", ever);
    ok(confidence_sequence_half_width(100000, 2.25, 5, 1e-4) <
           confidence_sequence_half_width(10000, 2.25, 5, 1e-4),
       "more trials, narrower");
    return done();
}
