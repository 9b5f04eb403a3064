/* tests/distributions/tilt-t.c: each tilt's refit against its family's mean, and its likelihood ratio against
 * GSL's densities. */
/* SPDX-License-Identifier: MIT */
#include <gsl/gsl_randist.h>

#include "dist_test.h"

/* log f(x) of NAME at parameters V from GSL (the truth the ratios must match). */
static double log_density(const char *name, const double *v, double x) {
    if (!strcmp(name, "poisson")) return log(gsl_ran_poisson_pdf((unsigned)x, v[0]));
    if (!strcmp(name, "normal")) return log(gsl_ran_gaussian_pdf(x - v[0], v[1]));
    if (!strcmp(name, "lognormal")) return log(gsl_ran_lognormal_pdf(x, v[0], v[1]));
    if (!strcmp(name, "exponential")) return log(gsl_ran_exponential_pdf(x, 1 / v[0]));
    if (!strcmp(name, "bernoulli")) return log(gsl_ran_bernoulli_pdf((unsigned)x, v[0]));
    if (!strcmp(name, "binomial")) return log(gsl_ran_binomial_pdf((unsigned)x, v[1], (unsigned)v[0]));
    if (!strcmp(name, "geometric")) return log(gsl_ran_geometric_pdf((unsigned)x, v[0]));
    bail("no density for %s", name);
}

/* NAME(V) tilted so E T = MEAN_T: the new law's mean is the one asked for (WANT_MEAN),
 * and its ratio at X is GSL's. */
static void check(const char *name, int n, const double *v, double mean_t, double want_mean, double x) {
    dist_arg args[DIST_MAX_PARAMS];
    for (int i = 0; i < n; i++) args[i] = num(v[i]);
    dist *d = make(name, args, (size_t)n);
    dist *t = dist_tilt_fit(d, mean_t);
    if (!ok(t != NULL, "%s: tilted to E T = %g", name, mean_t)) return;
    is_double(dist_mean(t), want_mean, 1e-12 * fabs(want_mean) + 1e-15, "%s: the tilted law's mean", name);
    dist_param q[DIST_MAX_PARAMS];
    dist_params(t, q);
    double w[DIST_MAX_PARAMS];
    for (int i = 0; i < n; i++) w[i] = q[i].value;
    double want = log_density(name, w, x) - log_density(name, v, x);
    is_double(dist_tilt_log_ratio(d, t, x), want, 1e-9 * (1 + fabs(want)), "%s: log ratio at %g", name, x);
    dist_free(t);
    dist_free(d);
}

int main(void) {
    plan(24);
    check("normal", 2, (double[]){0, 1}, 3.9, 3.9, 4.2);
    check("lognormal", 2, (double[]){0, 0.5}, 1.5, exp(1.5 + 0.125), 5.0);
    check("poisson", 1, (double[]){2}, 9, 9, 11);
    check("exponential", 1, (double[]){0.5}, 8, 8, 10);
    check("bernoulli", 1, (double[]){0.01}, 0.6, 0.6, 1);
    check("binomial", 2, (double[]){20, 0.05}, 6, 6, 7);
    check("geometric", 1, (double[]){0.5}, 5, 5, 6);
    dist *u = make_n("uniform", 2, 0.0, 1.0), *b = make_n("bernoulli", 1, 1.0);
    ok(dist_tilt_param(u) < 0 && !dist_tilt_fit(u, 0.9), "uniform has no tilt");
    ok(dist_tilt_param(b) < 0, "bernoulli(1) has no tilt (one value only)");
    dist *g = make_n("geometric", 1, 0.5);
    ok(!dist_tilt_fit(g, 0.5), "geometric refuses a mean below 1");
    dist_free(u);
    dist_free(b);
    dist_free(g);
    return done();
}
