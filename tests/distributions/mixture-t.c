/* tests/distributions/mixture-t.c: mixture(D1: w1, ...): draws, CDF, mean, support, range, quantile, text and
 * errors. */
/* SPDX-License-Identifier: MIT */
#include "text_test.h"

#include <gsl/gsl_cdf.h>

static dist_arg part(dist *d, double w) {
    dist_arg a = inner(d);
    a.weight = w;
    a.has_weight = 1;
    return a;
}

int main(void) {
    plan(7 + 10 + 3 + 3 * 5);
    /* two normals, weights 1 and 3: F(x) = Phi(x) / 4 + 3 Phi(x - 10) / 4, mean 7.5 */
    dist_arg a[] = {part(make_n("normal", 2, 0.0, 1.0), 1), part(make_n("normal", 2, 10.0, 1.0), 3)};
    dist *d = make("mixture", a, 2);
    double edges[] = {-1, 0, 1, 5, 9, 10, 11};
    fits(d, edges, 7, 1);
    is_double(dist_mean(d), 7.5, 1e-12, "the mean is the weighted mean of the parts'");
    is_double(dist_cdf(d, 5), 0.25 * gsl_cdf_ugaussian_P(5) + 0.75 * gsl_cdf_ugaussian_P(-5), 1e-15,
              "the CDF is the weighted sum of the parts'");
    ok(!dist_is_integer(d), "a mixture with a real part is real-valued");
    formats(d, "mixture(normal(0, 1): 1, normal(10, 1): 3)");

    /* integer parts: uniform_int(0, 3) and the number 7, equally weighted */
    dist_arg b[] = {part(make_n("uniform_int", 2, 0.0, 3.0), 1), weighted(7, 1)};
    dist *m = make("mixture", b, 2);
    fits_integers(m, 0, 8, 2);
    ok(dist_is_integer(m), "a mixture of integer parts is integer-valued");
    double values[8], probs[8];
    size_t n = dist_support(m, values, probs, 8);
    is_int((long long)n, 5, "its support lists each part's values");
    ok(n == 5 && values[0] == 0 && values[3] == 3 && values[4] == 7 && probs[0] == 0.125 && probs[4] == 0.5,
       "...with the parts' probabilities times their weights");
    double lo, hi;
    dist_range(m, &lo, &hi);
    ok(lo == 0 && hi == 7, "its range runs from the least part to the greatest (%g, %g)", lo, hi);
    /* F(2) = 3/8 < 0.4 <= F(3) = 1/2; F(3) = 1/2 < 0.6 <= F(7) */
    is_double(dist_quantile(m, 0.4), 3, 0, "quantile(0.4) is 3");
    is_double(dist_quantile(m, 0.6), 7, 0, "quantile(0.6) is 7");
    formats(m, "mixture(uniform_int(0, 3): 1, 7: 1)");

    /* strings: a literal and a choice */
    dist_arg t[] = {{.kind = DIST_ARG_STRING, .string = "A", .string_len = 1, .weight = 1, .has_weight = 1},
                    part(make("choice", (dist_arg[]){str("B"), str("C")}, 2), 3)};
    dist *s = make("mixture", t, 2);
    static const char *const abc[] = {"A", "B", "C"};
    fits_strings(s, abc, (const double[]){0.25, 0.375, 0.375}, 3, 3);
    formats(s, "mixture(\"A\": 1, choice(\"B\", \"C\"): 3)");
    ok(dist_is_text(s), "a mixture of strings is string-valued");

    dist_arg bare[] = {inner(make_n("normal", 2, 0.0, 1.0))};
    fails("mixture", bare, 1, "mixture(D1: w1, D2: w2, ...) needs part: weight pairs, part 1 has no weight",
          0);
    dist_free(bare[0].inner);
    dist_arg mixed[] = {
        weighted(1, 1),
        {.kind = DIST_ARG_STRING, .string = "A", .string_len = 1, .weight = 1, .has_weight = 1}};
    fails("mixture", mixed, 2,
          "mixture(D1: w1, D2: w2, ...): the parts must all be numbers or all strings, but "
          "part 2 is a string and part 1 a number",
          1);
    dist_arg neg[] = {weighted(1, 1), weighted(2, -1)};
    fails("mixture", neg, 2, "mixture(D1: w1, D2: w2, ...) needs finite weights >= 0, got -1 for part 2", 1);
    dist_arg zero[] = {weighted(1, 0)};
    fails("mixture", zero, 1, "mixture(D1: w1, D2: w2, ...) needs a weight > 0, got all weights 0", -1);
    fails("mixture", NULL, 0, "mixture takes at least 1 argument (D1: w1, D2: w2, ...), got 0", -1);
    dist_free(d);
    dist_free(m);
    dist_free(s);
    return done();
}
