/* tests/distributions/dist-t.c: the catalogue as a whole: names, dispatch, text, integrality. */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "dist_test.h"

static const char *const catalogue[] = {
    "uniform",  "uniform_int", "normal",    "lognormal", "exponential", "gamma",
    "beta",     "poisson",     "binomial",  "bernoulli", "geometric",   "choice",
    "discrete", "constant",    "empirical", "truncated", "mixture",     "format",
};
#define NCAT (sizeof catalogue / sizeof catalogue[0])

/* One row per case: a distribution built from numbers, its text and integrality. */
typedef struct row {
    const char *name;
    int n;
    double v[4];
    const char *text;
    int integer;
} row;

static const row rows[] = {
    {"uniform", 2, {100, 800}, "uniform(100, 800)", 0},
    {"uniform", 2, {0.1, 1.0 / 3}, "uniform(0.1, 0.3333333333333333)", 0},
    {"uniform_int", 2, {-5, 1e15}, "uniform_int(-5, 1e+15)", 1},
    {"normal", 2, {-1e-300, 2.5e10}, "normal(-1e-300, 25000000000)", 0},
    {"lognormal", 2, {0, 1}, "lognormal(0, 1)", 0},
    {"exponential", 1, {0.25}, "exponential(0.25)", 0},
    {"gamma", 2, {2, 0.5}, "gamma(2, 0.5)", 0},
    {"beta", 2, {0.5, 0.5}, "beta(0.5, 0.5)", 0},
    {"poisson", 1, {300}, "poisson(300)", 1},
    {"binomial", 2, {10, 0.125}, "binomial(10, 0.125)", 1},
    {"bernoulli", 1, {1}, "bernoulli(1)", 1},
    {"geometric", 1, {0.5}, "geometric(0.5)", 1},
    {"choice", 3, {1, 2, 3}, "choice(1, 2, 3)", 1},
    {"choice", 2, {1, 2.5}, "choice(1, 2.5)", 0},
    {"constant", 1, {4}, "constant(4)", 1},
    {"constant", 1, {0.1}, "constant(0.1)", 0},
};
#define NROWS (sizeof rows / sizeof rows[0])

int main(void) {
    plan(3 + 1 + 3 * (int)NROWS + 3 + 4);

    const char *const *names = dist_names();
    size_t count = 0;
    int same = 1;
    for (; names[count]; count++) same &= count < NCAT && strcmp(names[count], catalogue[count]) == 0;
    is_int((long long)count, NCAT, "dist_names lists %zu distributions", NCAT);
    ok(same, "...in catalogue order");
    int known = 1;
    for (size_t i = 0; i < count; i++) {
        dist_error err;
        dist *d = dist_create(names[i], NULL, 0, ".", &err);
        if (!d && strncmp(err.message, "unknown", 7) == 0) {
            diag("%s: %s", names[i], err.message);
            known = 0;
        }
        dist_free(d);
    }
    ok(known, "...and dist_create knows every one of them");

    dist_error err = {"", 0, -1};
    dist *d = dist_create("normall", NULL, 0, ".", &err);
    ok(d == NULL && strcmp(err.message, "unknown distribution 'normall'") == 0 && err.arg_index == -1,
       "an unknown name is refused by name");

    for (size_t i = 0; i < NROWS; i++) {
        dist_arg a[4];
        for (int k = 0; k < rows[i].n; k++) a[k] = num(rows[i].v[k]);
        dist *x = make(rows[i].name, a, (size_t)rows[i].n);
        char buf[128];
        int len = dist_format(x, buf, sizeof buf);
        is_string(buf, rows[i].text, "%s formats canonically", rows[i].text);
        is_int(len, (long long)strlen(rows[i].text), "...and returns its length");
        is_int(dist_is_integer(x), rows[i].integer, "...and is%s integer-valued",
               rows[i].integer ? "" : " not");
        dist_free(x);
    }

    /* Round trip: the text's numbers read back as the very same doubles. */
    dist *t = make_n("uniform", 2, 0.1, 1.0 / 3);
    char buf[128], tiny[8];
    dist_format(t, buf, sizeof buf);
    double a, b;
    ok(sscanf(buf, "uniform(%lf, %lf)", &a, &b) == 2 && a == 0.1 && b == 1.0 / 3,
       "formatted numbers read back exactly");
    int need = dist_format(t, tiny, sizeof tiny);
    is_int(need, (long long)strlen(buf), "a short buffer still gets the full length");
    is_string(tiny, "uniform", "...and a NUL-terminated prefix");
    dist_free(t);

    /* Sampling goes through the object alone: two objects, two behaviours. */
    dist *c1 = make_n("constant", 1, 1.0), *c2 = make_n("constant", 1, 2.0);
    gsl_rng *r = rng_at(0);
    ok(dist_sample(c1, r) == 1 && dist_sample(c2, r) == 2, "each object samples itself");
    is_double(dist_mean(c2), 2, 0, "dist_mean dispatches");
    is_double(dist_cdf(c2, 1.5), 0, 0, "dist_cdf dispatches");
    dist_free(c1);
    dist_free(c2);
    dist_free(NULL);
    ok(1, "dist_free(NULL) is a no-op");
    return done();
}
