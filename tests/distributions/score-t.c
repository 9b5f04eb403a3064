/* tests/distributions/score-t.c: each parameter's score against a finite difference of GSL's log density. */
/* SPDX-License-Identifier: MIT */
#include <gsl/gsl_randist.h>

#include "dist_test.h"

/* log f(x) of kind NAME at parameters V, from GSL's densities (the truth the scores
 * must be the derivatives of). */
static double log_density(const char *name, const double *v, double x) {
    if (!strcmp(name, "poisson")) return log(gsl_ran_poisson_pdf((unsigned)x, v[0]));
    if (!strcmp(name, "normal")) return log(gsl_ran_gaussian_pdf(x - v[0], v[1]));
    if (!strcmp(name, "lognormal")) return log(gsl_ran_lognormal_pdf(x, v[0], v[1]));
    if (!strcmp(name, "exponential")) return log(gsl_ran_exponential_pdf(x, 1 / v[0]));
    if (!strcmp(name, "gamma")) return log(gsl_ran_gamma_pdf(x, v[0], v[1]));
    if (!strcmp(name, "beta")) return log(gsl_ran_beta_pdf(x, v[0], v[1]));
    if (!strcmp(name, "bernoulli")) return log(gsl_ran_bernoulli_pdf((unsigned)x, v[0]));
    if (!strcmp(name, "binomial")) return log(gsl_ran_binomial_pdf((unsigned)x, v[1], (unsigned)v[0]));
    if (!strcmp(name, "geometric")) return log(gsl_ran_geometric_pdf((unsigned)x, v[0]));
    bail("no density for %s", name);
}

/* Checks every scored parameter of NAME(V) at X against a central difference. */
static void check(const char *name, int nparams, const double *v, double x) {
    dist_arg args[DIST_MAX_PARAMS];
    for (int i = 0; i < nparams; i++) args[i] = num(v[i]);
    dist *d = make(name, args, (size_t)nparams);
    dist_param p[DIST_MAX_PARAMS];
    double grad[DIST_MAX_PARAMS];
    size_t n = dist_params(d, p);
    is_int((long long)n, nparams, "%s lists its %d parameters", name, nparams);
    if (n != (size_t)nparams) n = 0; /* V holds nparams values */
    dist_score(d, x, grad);
    for (size_t i = 0; i < n; i++) {
        is_double(p[i].value, v[i], 0, "%s: %s's value", name, p[i].name);
        if (!p[i].scored) continue;
        double up[DIST_MAX_PARAMS], down[DIST_MAX_PARAMS];
        memcpy(up, v, n * sizeof *v);
        memcpy(down, v, n * sizeof *v);
        double h = 1e-5 * fabs(v[i]);
        up[i] += h;
        down[i] -= h;
        double want = (log_density(name, up, x) - log_density(name, down, x)) / (2 * h);
        is_double(grad[i], want, 1e-6 * (1 + fabs(want)), "%s at x = %g: d log f / d %s", name, x, p[i].name);
    }
    dist_free(d);
}

/* NAME(V) lists parameter INDEX without a score. */
static void unscored(const char *name, int nparams, const double *v, int index, const char *param) {
    dist_arg args[DIST_MAX_PARAMS];
    for (int i = 0; i < nparams; i++) args[i] = num(v[i]);
    dist *d = make(name, args, (size_t)nparams);
    dist_param p[DIST_MAX_PARAMS];
    size_t n = dist_params(d, p);
    ok((int)n > index && !strcmp(p[index].name, param) && !p[index].scored, "%s: %s has no score", name,
       param);
    dist_free(d);
}

int main(void) {
    plan(53);
    check("poisson", 1, (double[]){4}, 0);
    check("poisson", 1, (double[]){4}, 9);
    check("normal", 2, (double[]){1, 2}, -0.7);
    check("normal", 2, (double[]){1, 2}, 4.5);
    check("lognormal", 2, (double[]){0.5, 1.5}, 3.2);
    check("exponential", 1, (double[]){0.25}, 1.5);
    check("gamma", 2, (double[]){2.5, 3}, 4.1);
    check("beta", 2, (double[]){2, 5}, 0.3);
    check("bernoulli", 1, (double[]){0.3}, 1);
    check("bernoulli", 1, (double[]){0.3}, 0);
    check("binomial", 2, (double[]){10, 0.4}, 3);
    check("geometric", 1, (double[]){0.2}, 4);
    unscored("uniform", 2, (double[]){0, 10}, 0, "a");
    unscored("uniform", 2, (double[]){0, 10}, 1, "b");
    unscored("uniform_int", 2, (double[]){1, 6}, 1, "b");
    unscored("binomial", 2, (double[]){10, 0.4}, 0, "n");
    unscored("bernoulli", 1, (double[]){1}, 0, "p");
    dist *c = make("choice", (dist_arg[]){num(1), num(2)}, 2);
    dist_param p[DIST_MAX_PARAMS];
    is_int((long long)dist_params(c, p), 0, "choice has no numeric parameters");
    dist_free(c);
    return done();
}
