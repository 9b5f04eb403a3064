/* tests/harness/score_sums-t.c: the sums of sensitivities: independent of how trials are grouped, the
 * estimator against direct formulas, its coverage over seeds. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "tap.h"
#include "score_sums.h"

#define NB 3
#define NP 2

/* One synthetic trial: block 0 runs n ~ poisson(4) times, block 1 once when
 * x ~ normal(0, 1) is below 0.5, block 2 always once; scores are those of l and mu. */
static void trial(gsl_rng *r, uint64_t *counts, double *scores) {
    unsigned n = gsl_ran_poisson(r, 4);
    double x = gsl_ran_gaussian(r, 1);
    counts[0] = n;
    counts[1] = x < 0.5;
    counts[2] = 1;
    scores[0] = n / 4.0 - 1;
    scores[1] = x;
}

static void add_record(const wire_bin *b, void *ctx) {
    if (score_sums_add_record(ctx, b) != 0) bail("a record named no pair");
}

static int same_sums(const score_sums *a, const score_sums *b) {
    return !memcmp(a->pair, b->pair, sizeof *a->pair * NB * NP * 4) &&
           !memcmp(a->param, b->param, sizeof *a->param * NP * 2);
}

/* Direct long double formulas over the stored trials, for comparison. */
static void direct(const uint64_t (*c)[NB], const double (*s)[NP], size_t n, int block, int p, double *cov,
                   double *se) {
    long double mc = 0, ms = 0;
    for (size_t i = 0; i < n; i++) {
        mc += c[i][block];
        ms += s[i][p];
    }
    mc /= n;
    ms /= n;
    long double sum = 0;
    for (size_t i = 0; i < n; i++) sum += (c[i][block] - mc) * (s[i][p] - ms);
    long double cv = sum / n, v = 0;
    for (size_t i = 0; i < n; i++) {
        long double d = (c[i][block] - mc) * (s[i][p] - ms) - cv;
        v += d * d;
    }
    *cov = (double)(sum / (n - 1));
    *se = (double)sqrtl(v / n / n);
}

int main(void) {
    plan(9);
    enum { N = 5000 };
    static uint64_t counts[N][NB];
    static double scores[N][NP];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 17);
    for (size_t i = 0; i < N; i++) trial(r, counts[i], scores[i]);

    /* all at once, against ranges of uneven sizes drained as records and added back
     * last range first: the same integers */
    score_sums whole, parts, range;
    if (score_sums_init(&whole, NB, NP) || score_sums_init(&parts, NB, NP) || score_sums_init(&range, NB, NP))
        bail("out of memory");
    for (size_t i = 0; i < N; i++) score_sums_add_trial(&whole, counts[i], scores[i]);
    size_t cuts[] = {0, 7, 1000, 1001, 3333, N};
    for (int k = 4; k >= 0; k--) {
        for (size_t i = cuts[k]; i < cuts[k + 1]; i++) score_sums_add_trial(&range, counts[i], scores[i]);
        score_sums_drain(&range, add_record, &parts);
    }
    ok(same_sums(&whole, &parts),
       "sums over ranges added in any order equal the sums over all trials, bit for bit");
    ok(range.nused == 0 && !range.pair[0] && !range.param[0], "draining empties the sums");

    /* the estimator against the direct formulas */
    int agree = 1;
    for (int b = 0; b < NB; b++)
        for (int p = 0; p < NP; p++) {
            long double mc = 0, m2 = 0;
            for (size_t i = 0; i < N; i++) {
                mc += counts[i][b];
                m2 += (long double)counts[i][b] * counts[i][b];
            }
            mc /= N;
            double var = (double)((m2 - N * mc * mc) / (N - 1)), d, h, want_d, want_se;
            if (score_sums_estimate(&whole, b, p, N, (double)mc, var, 1.0, &d, &h) != 0) bail("no estimate");
            direct(counts, scores, N, b, p, &want_d, &want_se);
            if (fabs(d - want_d) > 1e-7 * (1 + fabs(want_d)) || fabs(h - want_se) > 1e-6 * (1 + want_se)) {
                agree = 0;
                diag("block %d param %d: %.10g ± %.6g, direct %.10g ± %.6g", b, p, d, h, want_d, want_se);
            }
        }
    ok(agree, "covariance and delta-method error equal the direct formulas for every pair");
    double d, h;
    score_sums_estimate(&whole, 2, 0, N, 1, 0, 1.96, &d, &h);
    ok(fabs(d) < 1e-8 && h < 1e-8, "a block run once in every trial: derivative %.3g ± %.3g", d, h);

    /* coverage over 400 seeds of 2,000 trials: d/dl of block 0 is 1, d/dmu of block 1
     * is -phi(0.5); the 95% intervals must hold them at least as often as Binomial(400,
     * 0.95) falls below with probability 0.001 (each check): 365 times */
    int held_l = 0, held_mu = 0, runs = 400;
    double z = gsl_cdf_ugaussian_Pinv(0.975),
           dmu = -exp(-0.125) / sqrt(2 * M_PI); /* d Phi(0.5 - mu) / d mu */
    for (int seed = 0; seed < runs; seed++) {
        score_sums s;
        if (score_sums_init(&s, NB, NP)) bail("out of memory");
        gsl_rng_set(r, 1000 + seed);
        long double sum0 = 0, sq0 = 0, sum1 = 0;
        for (int i = 0; i < 2000; i++) {
            uint64_t c[NB];
            double sc[NP];
            trial(r, c, sc);
            score_sums_add_trial(&s, c, sc);
            sum0 += c[0];
            sq0 += (long double)c[0] * c[0];
            sum1 += c[1];
        }
        double m0 = (double)(sum0 / 2000), v0 = (double)((sq0 - sum0 * sum0 / 2000) / 1999);
        double m1 = (double)(sum1 / 2000), v1 = m1 * (1 - m1) * 2000 / 1999;
        score_sums_estimate(&s, 0, 0, 2000, m0, v0, z, &d, &h);
        held_l += fabs(d - 1) <= h;
        score_sums_estimate(&s, 1, 1, 2000, m1, v1, z, &d, &h);
        held_mu += fabs(d - dmu) <= h;
        score_sums_free(&s);
    }
    int need = 0;
    while (gsl_cdf_binomial_P((unsigned)need, 0.95, (unsigned)runs) <= 0.001) need++;
    ok(held_l >= need, "d/dl: %d of %d intervals hold 1 (at least %d)", held_l, runs, need);
    ok(held_mu >= need, "d/dmu: %d of %d intervals hold -phi(0.5) (at least %d)", held_mu, runs, need);
    int most = need; /* the same test from above: intervals too wide hold too often */
    while (gsl_cdf_binomial_Q((unsigned)most, 0.95, (unsigned)runs) > 0.001) most++;
    ok(held_l <= most && held_mu <= most, "not too wide: %d and %d hold, at most %d", held_l, held_mu, most);

    /* a term past 2^100 units saturates: no estimate rather than a wrapped one */
    uint64_t big[NB] = {1ull << 40, 0, 1};
    double huge[NP] = {1e20, 0};
    score_sums_add_trial(&whole, big, huge);
    ok(whole.saturated && score_sums_estimate(&whole, 0, 0, N + 1, 1, 1, 1, &d, &h) != 0,
       "a sum that does not fit gives no estimate");
    wire_bin bad = {NB * NP, SCORE_SUM_CS, 1, 0};
    ok(score_sums_add_record(&parts, &bad) != 0, "a record naming no pair is refused");
    score_sums_free(&whole);
    score_sums_free(&parts);
    score_sums_free(&range);
    gsl_rng_free(r);
    return done();
}
