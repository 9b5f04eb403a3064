/* tests/distributions/support-t.c: the finite supports enumeration runs over, against their closed forms. */
/* SPDX-License-Identifier: MIT */
#include "dist_test.h"

/* D's support has exactly the values V and probabilities P (N of them). */
static void same_support(const char *what, dist *d, const double *v, const double *p, size_t n) {
    double values[64], probs[64];
    size_t got = dist_support(d, values, probs, 64);
    int same = got == n;
    double total = 0;
    for (size_t k = 0; same && k < n; k++) {
        same = values[k] == v[k] && fabs(probs[k] - p[k]) <= 1e-15;
        total += probs[k];
    }
    ok(same && fabs(total - 1) <= 1e-14, "%s: %zu values with their probabilities (got %zu)", what, n, got);
    dist_free(d);
}

/* The size of D's support with no room given (0: none finite); frees D. */
static size_t support_size(dist *d) {
    size_t n = dist_support(d, NULL, NULL, 0);
    dist_free(d);
    return n;
}

int main(void) {
    plan(12);
    same_support("uniform_int(3, 7)", make_n("uniform_int", 2, 3.0, 7.0), (double[]){3, 4, 5, 6, 7},
                 (double[]){0.2, 0.2, 0.2, 0.2, 0.2}, 5);
    double b[5];
    for (int k = 0; k <= 4; k++) {
        double c = k == 0 || k == 4 ? 1 : k == 2 ? 6 : 4;
        b[k] = c * pow(0.3, k) * pow(0.7, 4 - k);
    }
    same_support("binomial(4, 0.3)", make_n("binomial", 2, 4.0, 0.3), (double[]){0, 1, 2, 3, 4}, b, 5);
    same_support("bernoulli(0.2)", make_n("bernoulli", 1, 0.2), (double[]){0, 1}, (double[]){0.8, 0.2}, 2);
    same_support("constant(4)", make_n("constant", 1, 4.0), (double[]){4}, (double[]){1}, 1);
    same_support("choice(2, 9, 9): a value listed twice counts twice", make_n("choice", 3, 2.0, 9.0, 9.0),
                 (double[]){2, 9, 9}, (double[]){1.0 / 3, 1.0 / 3, 1.0 / 3}, 3);
    dist_arg w[] = {weighted(5, 3), weighted(1, 1)};
    same_support("discrete(5: 3, 1: 1)", make("discrete", w, 2), (double[]){5, 1}, (double[]){0.75, 0.25}, 2);

    ok(support_size(make_n("normal", 2, 0.0, 1.0)) == 0, "normal: no finite support");
    ok(support_size(make_n("poisson", 1, 3.0)) == 0, "poisson: no finite support");
    ok(support_size(make_n("geometric", 1, 0.5)) == 0, "geometric: no finite support");
    dist_arg t[] = {inner(make_n("uniform_int", 2, 0.0, 9.0)), num(2), num(5)};
    ok(support_size(make("truncated", t, 3)) == 0, "truncated: not enumerated (says so, 0)");

    /* a support larger than the room given: its size, and nothing written */
    double values[3] = {-1, -1, -1}, probs[3] = {-1, -1, -1};
    dist *hundred = make_n("uniform_int", 2, 0.0, 99.0);
    size_t n = dist_support(hundred, values, probs, 2);
    dist_free(hundred);
    ok(n == 100 && values[0] == -1 && probs[0] == -1,
       "uniform_int(0, 99) with room for 2: size 100, nothing written");
    ok(support_size(make_n("uniform_int", 2, 0.0, 4e15)) > 1000000,
       "uniform_int(0, 4e15): a size over any limit");
    return done();
}
