/* tests/distributions/text_most-t.c: the most bytes a string-valued distribution can draw, against its draws.
 */
/* SPDX-License-Identifier: MIT */
#include "text_test.h"

/* Checks that dist_text_most(D) is WANT, and when WANT >= 0 that 20,000 draws never
 * pass it and, where REACHED, that one of them reaches it. One check for no bound,
 * two for a bound; frees D. */
static void most_is(dist *d, double want, int reached, const char *what) {
    double most = dist_text_most(d);
    is_int((long long)most, (long long)want, "%s: at most %g bytes", what, want);
    if (want >= 0) {
        size_t longest = 0, len;
        for (unsigned long long k = 0; k < 20000; k++) {
            draw_text(d, rng_at(k), &len);
            if (len > longest) longest = len;
        }
        ok(longest <= (size_t)want && (!reached || longest == (size_t)want),
           "...20,000 draws are at most %zu bytes long%s", longest, reached ? ", and reach it" : "");
    }
    dist_free(d);
}

static dist *word(const char *s) {
    return make("choice", (dist_arg[]){str(s)}, 1);
}

int main(void) {
    plan(2 * 6 + 3); /* six bounded forms, three without a bound */
    most_is(
        make("discrete",
             (dist_arg[]){
                 {.kind = DIST_ARG_STRING, .string = "RMC", .string_len = 3, .has_weight = 1, .weight = 2},
                 {.kind = DIST_ARG_STRING, .string = "GPGGA", .string_len = 5, .has_weight = 1, .weight = 1}},
             2),
        5, 1, "discrete(\"RMC\": 2, \"GPGGA\": 1)");
    /* examples/nmea's sentences: "$GP" 3 ",", 2 digits, "*": 10 */
    most_is(make("format",
                 (dist_arg[]){str("$GP%s,%d*"),
                              inner(make("choice", (dist_arg[]){str("RMC"), str("GGA"), str("VTG")}, 3)),
                              inner(make_n("uniform_int", 2, 0.0, 99.0))},
                 3),
            10, 1, "format(\"$GP%s,%d*\", choice of three, uniform_int(0, 99))");
    /* the sign counts: -50 is three bytes, 5 one */
    most_is(make("format", (dist_arg[]){str("%d"), inner(make_n("uniform_int", 2, -50.0, 5.0))}, 2), 3, 1,
            "format(\"%d\", uniform_int(-50, 5))");
    /* a width pads, a precision cuts */
    most_is(make("format",
                 (dist_arg[]){str("[%6x|%.2s|%-3c]"), inner(make_n("uniform_int", 2, 0.0, 300.0)),
                              inner(word("abcd")), inner(make_n("uniform_int", 2, 65.0, 70.0))},
                 4),
            15, 1, "format(\"[%6x|%.2s|%-3c]\", ...): 1 + 6 + 1 + 2 + 1 + 3 + 1");
    most_is(make("format", (dist_arg[]){str("%+08d"), inner(make_n("uniform_int", 2, 0.0, 99999.0))}, 2), 8,
            0, "format(\"%+08d\", uniform_int(0, 99999)): a sign and zeros to 8");
    /* no bound: a real's conversion, an unbounded integer */
    most_is(make("format", (dist_arg[]){str("%f"), inner(make_n("uniform", 2, 0.0, 1.0))}, 2), -1, 0,
            "format(\"%f\", uniform(0, 1)): a real is not bounded");
    most_is(make("format", (dist_arg[]){str("%d"), inner(make_n("poisson", 1, 3.0))}, 2), -1, 0,
            "format(\"%d\", poisson(3)): no greatest value");
    /* a mixture: its longest part; one part without a bound leaves it without one */
    most_is(make("mixture",
                 (dist_arg[]){
                     {.kind = DIST_ARG_DIST, .inner = word("abcdef"), .has_weight = 1, .weight = 1},
                     {.kind = DIST_ARG_DIST,
                      .inner = make("format",
                                    (dist_arg[]){str("%d"), inner(make_n("uniform_int", 2, 0.0, 99.0))}, 2),
                      .has_weight = 1,
                      .weight = 3}},
                 2),
            6, 1, "mixture(choice(\"abcdef\"): 1, format(\"%d\", ...): 3)");
    most_is(
        make("mixture",
             (dist_arg[]){
                 {.kind = DIST_ARG_DIST, .inner = word("ab"), .has_weight = 1, .weight = 1},
                 {.kind = DIST_ARG_DIST,
                  .inner = make("format", (dist_arg[]){str("%e"), inner(make_n("uniform", 2, 0.0, 1.0))}, 2),
                  .has_weight = 1,
                  .weight = 1}},
             2),
        -1, 0, "mixture with a part of a real's conversion");
    return done();
}
