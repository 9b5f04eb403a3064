/* tests/distributions/words-t.c: choice and discrete over strings: draws, text and errors. */
/* SPDX-License-Identifier: MIT */
#include "text_test.h"

static dist_arg wstr(const char *s, double w) {
    dist_arg a = str(s);
    a.weight = w;
    a.has_weight = 1;
    return a;
}

int main(void) {
    plan(6 + 3 * 5);
    dist_arg a[] = {wstr("RMC", 2), wstr("GGA", 1), wstr("VTG", 1)};
    dist *d = make("discrete", a, 3);
    static const char *const three[] = {"RMC", "GGA", "VTG"};
    fits_strings(d, three, (const double[]){0.5, 0.25, 0.25}, 3, 1);
    ok(dist_is_text(d) && !dist_is_integer(d), "discrete over strings is string-valued");
    ok(isnan(dist_mean(d)) && isnan(dist_cdf(d, 0)), "...with no mean and no CDF");
    formats(d, "discrete(\"RMC\": 2, \"GGA\": 1, \"VTG\": 1)");

    /* a repeated string is likelier; bytes the scanner escapes are written escaped */
    dist_arg b[] = {
        str("A"), str("V"), str("A"), {.kind = DIST_ARG_STRING, .string = "t\n\"", .string_len = 3}};
    dist *c = make("choice", b, 4);
    static const char *const two[] = {"A", "V", "t\n\""};
    fits_strings(c, two, (const double[]){0.5, 0.25, 0.25}, 3, 2);
    formats(c, "choice(\"A\", \"V\", \"A\", \"t\\n\\\"\")");

    dist_arg mixed[] = {str("A"), num(1)};
    fails("choice", mixed, 2,
          "choice(\"s1\", \"s2\", ...): argument 2 must be a string like the first, got a number", 1);
    dist_arg heavy[] = {str("A"), wstr("B", 1)};
    fails("choice", heavy, 2,
          "choice(\"s1\", \"s2\", ...) takes plain strings; for weights write discrete(\"s1\": w1, ...)", 1);
    dist_arg light[] = {wstr("A", 1), str("B")};
    fails("discrete", light, 2,
          "discrete(\"s1\": w1, \"s2\": w2, ...) needs string: weight pairs, argument 2 has no weight", 1);
    dist_arg neg[] = {wstr("A", 1), wstr("B", -1)};
    fails("discrete", neg, 2,
          "discrete(\"s1\": w1, \"s2\": w2, ...) needs finite weights >= 0, got -1 for argument 2", 1);
    dist_arg zero[] = {wstr("A", 0)};
    fails("discrete", zero, 1, "discrete(\"s1\": w1, \"s2\": w2, ...) needs a weight > 0, got all weights 0",
          -1);
    dist_free(d);
    dist_free(c);
    return done();
}
