/* tests/stats/sampling_points-t.c: antithetic, stratified and quasi-random uniforms: structure and
 * marginals. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "sampling_points.h"

#define DIMS 300

/* The uniforms of every run of replicate I: u[run][dim]. */
/* Whether the first RUNS runs of U and W drew the same uniforms. */
static int same_runs(double u[][DIMS], double w[][DIMS], uint32_t runs) {
    for (uint32_t k = 0; k < runs; k++)
        for (int d = 0; d < DIMS; d++)
            if (u[k][d] != w[k][d]) return 0;
    return 1;
}

static void replicate(sampling_points *p, uint64_t i, uint32_t runs, double u[][DIMS]) {
    for (uint32_t k = 0; k < runs; k++) {
        sampling_points_begin(p, i, k);
        for (int d = 0; d < DIMS; d++) u[k][d] = sampling_points_uniform(p);
    }
}

/* Whether, in each dimension below DIMS_WITH, the RUNS runs fall one in each of the
 * RUNS equal strata of (0, 1). */
static int one_per_stratum(double u[][DIMS], uint32_t runs, int dims_with) {
    for (int d = 0; d < dims_with; d++) {
        int seen[64] = {0};
        for (uint32_t k = 0; k < runs; k++) {
            double x = u[k][d];
            if (!(x > 0 && x < 1) || seen[(int)(x * runs)]++) return 0;
        }
    }
    return 1;
}

/* The mean of run RUN's uniform in dimension DIM over N replicates is 1/2 within 5
 * standard errors (sd 1/sqrt(12 N)), and a quarter of them fall below 1/4 within 5. */
static void marginal(sampling_method m, uint32_t runs, uint32_t run, int dim, const char *what) {
    sampling_points *p = sampling_points_new(m, runs, 99);
    int n = 40000;
    double sum = 0;
    int low = 0;
    for (int i = 0; i < n; i++) {
        sampling_points_begin(p, (uint64_t)i, 0);
        for (uint32_t k = 1; k <= run; k++) sampling_points_begin(p, (uint64_t)i, k);
        double x = 0;
        for (int d = 0; d <= dim; d++) x = sampling_points_uniform(p);
        sum += x;
        low += x < 0.25;
    }
    double mean = sum / n, se = 1 / sqrt(12.0 * n), q = (double)low / n, qse = sqrt(0.25 * 0.75 / n);
    ok(fabs(mean - 0.5) <= 5 * se && fabs(q - 0.25) <= 5 * qse,
       "%s: run %u, draw %d uniform over replicates (mean %.4f, P(< 1/4) %.4f)", what, run, dim + 1, mean, q);
    sampling_points_free(p);
}

int main(void) {
    plan(15);
    static double u[64][DIMS], w[64][DIMS];

    sampling_points *a = sampling_points_new(SAMPLING_ANTITHETIC, 2, 7);
    replicate(a, 12, 2, u);
    int mirrored = 1;
    for (int d = 0; d < DIMS; d++) mirrored &= u[1][d] == 1 - u[0][d] && u[0][d] > 0 && u[0][d] < 1;
    ok(mirrored, "antithetic: the second run's uniforms are exactly 1 - the first's");
    replicate(a, 13, 2, w);
    ok(!same_runs(u, w, 2), "antithetic: another replicate, other uniforms");
    sampling_points_free(a);

    sampling_points *s = sampling_points_new(SAMPLING_STRATIFIED, 16, 7);
    replicate(s, 5, 16, u);
    ok(one_per_stratum(u, 16, SAMPLING_POINTS_STRATIFIED_DIMENSIONS),
       "stratified, 16 runs: every one of the first %d draws hits each sixteenth once",
       SAMPLING_POINTS_STRATIFIED_DIMENSIONS);
    ok(!one_per_stratum(u + 0, 16, DIMS), "...and past them the draws are plain (some sixteenth twice)");
    replicate(s, 9, 16, w);
    replicate(s, 5, 16, w);
    ok(same_runs(u, w, 16), "stratified: a replicate is the same whatever ran before it");
    sampling_points_free(s);

    sampling_points *q = sampling_points_new(SAMPLING_QMC, 32, 7);
    replicate(q, 3, 32, u);
    ok(one_per_stratum(u, 32, SAMPLING_POINTS_QMC_DIMENSIONS),
       "qmc, 32 points: each of the %d Sobol coordinates hits each 1/32 once (a shifted net)",
       SAMPLING_POINTS_QMC_DIMENSIONS);
    replicate(q, 4, 32, w);
    replicate(q, 3, 32, w);
    ok(same_runs(u, w, 32), "qmc: a replicate is the same whatever ran before it");
    sampling_points_free(q);

    /* Replicates of up to 65,536 runs read their points from a table made once; longer
     * ones from the generator, started again for each replicate. Replicate 0's first
     * runs are the same points under the same shift either way. */
    sampling_points *tabled = sampling_points_new(SAMPLING_QMC, 32, 7),
                    *generated = sampling_points_new(SAMPLING_QMC, 70000, 7);
    replicate(tabled, 0, 32, u);
    replicate(generated, 0, 32, w);
    ok(same_runs(u, w, 32), "qmc: the table's points are the generator's, point for point");
    sampling_points_free(tabled);
    sampling_points_free(generated);

    marginal(SAMPLING_ANTITHETIC, 2, 1, 3, "antithetic");
    marginal(SAMPLING_STRATIFIED, 16, 5, 2, "stratified");
    marginal(SAMPLING_STRATIFIED, 16, 0, 260, "stratified past its dimensions");
    marginal(SAMPLING_QMC, 32, 0, 0, "qmc");
    marginal(SAMPLING_QMC, 32, 17, 39, "qmc");
    marginal(SAMPLING_QMC, 32, 2, 45, "qmc past its dimensions");

    sampling_method m;
    ok(sampling_method_parse("qmc", &m) == 0 && m == SAMPLING_QMC &&
           sampling_method_parse("sobol", &m) == -1 &&
           !strcmp(sampling_method_name(SAMPLING_ANTITHETIC), "antithetic"),
       "method names parse both ways");
    return done();
}
