/* tests/distributions/uniform_int-t.c: uniform_int(a, b), narrow and wider than 2^32. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

#define TWO53 9007199254740992.0

/* Mean of N draws of D from generator R, within Z standard errors of the truth;
 * the standard deviation of a discrete uniform over W values is W / sqrt(12). */
static void wide_mean(const dist *d, gsl_rng *r, double width, const char *what) {
    double sum = 0;
    int inside = 1;
    double lo = dist_mean(d) - width / 2, hi = dist_mean(d) + width / 2;
    for (int i = 0; i < DRAWS; i++) {
        double x = dist_sample(d, r);
        sum += x;
        if (x < lo || x > hi || x != floor(x)) inside = 0;
    }
    ok(inside, "%s: draws are integers inside the range", what);
    is_double(sum / DRAWS, dist_mean(d), Z * width / sqrt(12.0 * DRAWS), "%s: mean", what);
}

int main(void) {
    plan(3 * 4 + 2 * 2 + 1 + 2 + 4 * 3);
    dist *d = make_n("uniform_int", 2, 0.0, 9.0);
    fits_integers(d, -1, 10, 1);
    dist *e = make_n("uniform_int", 2, -3.0, 3.0);
    fits_integers(e, -4, 4, 2);
    dist *one = make_n("uniform_int", 2, 7.0, 7.0);
    fits_integers(one, 6, 8, 3);
    /* 2^40 + 1 values: wider than the generator, drawn from 64 bits. */
    dist *w = make_n("uniform_int", 2, 0.0, 1099511627776.0);
    fits_spaced(w, 0, 1099511627776.0, 32, 4);

    gsl_rng *mt = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng *lux = gsl_rng_alloc(gsl_rng_ranlxs0); /* 24-bit output: the 16-bit path */
    dist *full = make_n("uniform_int", 2, -TWO53, TWO53);
    wide_mean(full, mt, 2 * TWO53, "uniform_int(-2^53, 2^53) with mt19937");
    wide_mean(w, lux, 1099511627776.0, "uniform_int(0, 2^40) with ranlxs0");
    double *edges = spaced(0, 1099511627776.0, 16);
    size_t count[17] = {0};
    for (int i = 0; i < DRAWS; i++) {
        double x = dist_sample(w, lux);
        size_t b = 0;
        while (b < 16 && x > edges[b]) b++;
        count[b]++;
    }
    int bad = 0;
    for (size_t b = 1; b <= 16; b++) {
        double want = DRAWS * (dist_cdf(w, edges[b]) - dist_cdf(w, edges[b - 1]));
        double off = fabs(count[b] - want);
        bad += off > Z * sqrt(want) && off > 2;
    }
    ok(bad == 0 && count[0] <= DRAWS, "uniform_int(0, 2^40) with ranlxs0: 16 bins fit");
    free(edges);

    formats(d, "uniform_int(0, 9)");
    ok(dist_is_integer(d), "uniform_int is integer-valued");

    dist_arg frac[] = {num(1.5), num(3)};
    fails("uniform_int", frac, 2,
          "uniform_int(a, b) needs integers a and b of magnitude at most 2^53, got a = 1.5", 0);
    dist_arg big[] = {num(0), num(1e300)};
    fails("uniform_int", big, 2,
          "uniform_int(a, b) needs integers a and b of magnitude at most 2^53, got b = 1e+300", 1);
    dist_arg rev[] = {num(9), num(0)};
    fails("uniform_int", rev, 2, "uniform_int(a, b) needs a <= b, got a = 9 and b = 0", 0);
    fails("uniform_int", rev, 3, "uniform_int takes 2 arguments (a, b), got 3", -1);

    dist_free(d);
    dist_free(e);
    dist_free(one);
    dist_free(w);
    dist_free(full);
    gsl_rng_free(mt);
    gsl_rng_free(lux);
    return done();
}
