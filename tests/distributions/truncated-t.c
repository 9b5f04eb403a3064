/* tests/distributions/truncated-t.c: truncated(D, lo, hi) by each sampling method, and errors. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

/* truncated(D, lo, hi); D becomes the result's. */
static dist *cut(dist *d, double lo, double hi) {
    dist_arg a[] = {inner(d), num(lo), num(hi)};
    return make("truncated", a, 3);
}

/* DRAWS draws of D all inside [lo, hi]. One check. */
static void inside(const dist *d, double lo, double hi, unsigned long long stream) {
    char label[160];
    dist_format(d, label, sizeof label);
    gsl_rng *r = rng_at(stream);
    long out = 0;
    for (int i = 0; i < DRAWS; i++) {
        double x = dist_sample(d, r);
        out += !(x >= lo && x <= hi);
    }
    is_int(out, 0, "%s: every draw inside [%g, %g]", label, lo, hi);
}

int main(void) {
    plan(9 * 4 + 6 + 5 * 3 + 1);

    /* Inverse CDF, lower and upper tail. */
    dist *n = cut(make_n("normal", 2, 0.0, 1.0), -2, 2);
    fits_spaced(n, -2, 2, 40, 1);
    inside(n, -2, 2, 11);
    dist *tail = cut(make_n("normal", 2, 0.0, 1.0), 5, 6); /* mass 2.9e-7 */
    fits_spaced(tail, 5, 5.8, 32, 2);
    inside(tail, 5, 6, 12);
    dist *g = cut(make_n("gamma", 2, 2.0, 1.0), 0.5, 3);
    fits_spaced(g, 0.5, 3, 25, 3);
    inside(g, 0.5, 3, 13);
    /* Rejection: most of the mass is inside. */
    dist *p = cut(make_n("poisson", 1, 4.0), 2, 6);
    fits_integers(p, 1, 7, 4);
    inside(p, 2, 6, 14);
    /* Alias table: integer D, little mass, few integers. */
    dist *pt = cut(make_n("poisson", 1, 4.0), 15, 30);
    fits_integers(pt, 14, 31, 5);
    inside(pt, 15, 30, 15);
    /* Bisection over integers: little mass spread over 5e6 integers. */
    dist *geo = cut(make_n("geometric", 1, 1e-7), 5e6, 1e7);
    fits_spaced(geo, 5e6, 1e7, 25, 6);
    inside(geo, 5e6, 1e7, 16);
    /* Bisection over doubles: a non-integer D with little mass inside. */
    dist_arg many[100];
    for (int i = 0; i < 100; i++) many[i] = num(i + 0.5);
    dist *c = cut(make("choice", many, 100), 10, 12.75);
    double ce[] = {10, 10.5, 11, 11.5, 12, 12.75};
    fits(c, ce, 6, 7);
    inside(c, 10, 12.75, 17);
    /* A truncated distribution as D: rejection from it. */
    dist *nest = cut(cut(make_n("normal", 2, 0.0, 1.0), -3, 3), 0, 1);
    fits_spaced(nest, 0, 1, 20, 8);
    inside(nest, 0, 1, 18);
    /* Inside a uniform: the same uniform on the overlap. */
    dist *u = cut(make_n("uniform", 2, 0.0, 10.0), -5, 2);
    fits_spaced(u, 0, 2, 10, 9);
    inside(u, 0, 2, 19);

    is_double(dist_mean(n), 0, 1e-9, "symmetric truncation keeps the mean");
    is_double(dist_mean(u), 1, 1e-9, "uniform(0, 10) cut to [-5, 2] has mean 1");
    is_double(dist_cdf(n, -2.5), 0, 0, "CDF is 0 below lo");
    is_double(dist_cdf(n, 2), 1, 0, "...and 1 at hi");
    formats(nest, "truncated(truncated(normal(0, 1), -3, 3), 0, 1)");
    ok(dist_is_integer(p) && !dist_is_integer(n), "integer-valued exactly when D is");

    dist *inner_d = make_n("normal", 2, 0.0, 1.0);
    dist_arg far[] = {inner(inner_d), num(10), num(11)};
    fails("truncated", far, 3,
          "truncated(D, lo, hi): normal(0, 1) has probability 0 in "
          "[lo, hi] = [10, 11], below 1e-09",
          1);
    dist_arg rev[] = {inner(inner_d), num(2), num(-2)};
    fails("truncated", rev, 3, "truncated(D, lo, hi) needs lo < hi, got lo = 2 and hi = -2", 1);
    dist_arg notd[] = {num(1), num(2), num(3)};
    fails("truncated", notd, 3, "truncated(D, lo, hi): D must be a distribution, got a number", 0);
    fails("truncated", rev, 2, "truncated takes 3 arguments (D, lo, hi), got 2", -1);
    dist_arg shi[] = {inner(inner_d), num(0), str("1")};
    fails("truncated", shi, 3, "truncated(D, lo, hi): hi must be a number, got a string", 2);
    /* After those failures D is still ours and still works. */
    is_double(dist_cdf(inner_d, 0), 0.5, 1e-15, "a refused D still belongs to the caller");

    dist_free(n);
    dist_free(tail);
    dist_free(g);
    dist_free(p);
    dist_free(pt);
    dist_free(geo);
    dist_free(c);
    dist_free(nest);
    dist_free(u);
    dist_free(inner_d);
    return done();
}
