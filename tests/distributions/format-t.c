/* tests/distributions/format-t.c: format("...", D1, ...): conversions, draws, text and errors at their place.
 */
/* SPDX-License-Identifier: MIT */
#include "text_test.h"

static dist_arg fmt(const char *s) {
    return str(s);
}

/* format(FORMAT, args...) must fail with MESSAGE at argument ARG_INDEX and, for the
 * format itself, at byte CHAR_INDEX of it (-1: none). Four checks; frees ARGS' dists. */
static void fails_at(dist_arg *args, size_t n, const char *message, int arg_index, long char_index) {
    fails("format", args, n, message, arg_index);
    dist_error err = {"", -2, -1};
    dist *d = dist_create("format", args, n, ".", &err);
    is_int(err.char_index, char_index, "...at byte %ld of the format", char_index);
    dist_free(d);
    for (size_t i = 0; i < n; i++)
        if (args[i].kind == DIST_ARG_DIST) dist_free(args[i].inner);
}

static dist *word(const char *s) {
    return make("choice", (dist_arg[]){str(s)}, 1);
}

int main(void) {
    plan(6 + 10 * 4);
    /* every conversion once, from constants: the text printf itself would write */
    dist_arg all[] = {fmt("%05.1f|%-4s|%4s|%.1s|%x|%X|%#o|%c|%%|%+d|%i|%u|%e|%G|% d"),
                      inner(make_n("constant", 1, 3.14159)),
                      inner(word("ab")),
                      inner(word("ab")),
                      inner(word("ab")),
                      inner(make_n("constant", 1, 255.0)),
                      inner(make_n("constant", 1, 255.0)),
                      inner(make_n("constant", 1, 8.0)),
                      inner(make_n("constant", 1, 65.0)),
                      inner(make_n("constant", 1, 7.0)),
                      inner(make_n("constant", 1, -12.0)),
                      inner(make_n("constant", 1, 4000000000.0)),
                      inner(make_n("constant", 1, 1500.0)),
                      inner(make_n("constant", 1, 0.00001)),
                      inner(make_n("constant", 1, 5.0))};
    dist *d = make("format", all, sizeof all / sizeof all[0]);
    size_t len;
    const char *s = draw_text(d, rng_at(1), &len);
    is_string(s, "003.1|ab  |  ab|a|ff|FF|010|A|%|+7|-12|4000000000|1.500000e+03|1E-05| 5",
              "each conversion writes what printf writes");
    ok(dist_is_text(d) && isnan(dist_mean(d)), "format is string-valued");
    dist_free(d);

    /* a drawn digit, uniform: each of the ten strings with probability 1/10 */
    dist_arg digit[] = {fmt("%d"), inner(make_n("uniform_int", 2, 0.0, 9.0))};
    d = make("format", digit, 2);
    static const char *const digits[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
    double tenth[10] = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    fits_strings(d, digits, tenth, 10, 2);
    formats(d, "format(\"%d\", uniform_int(0, 9))");
    dist_free(d);

    /* no conversion: a constant string; NUL bytes kept */
    dist_arg plain[] = {{.kind = DIST_ARG_STRING, .string = "a\0b\n", .string_len = 4}};
    d = make("format", plain, 1);
    s = draw_text(d, rng_at(3), &len);
    ok(len == 4 && memcmp(s, "a\0b\n", 4) == 0, "a format without conversions is its own text, NUL included");
    formats(d, "format(\"a\\0b\\n\")");
    dist_free(d);

    dist_arg unknown[] = {fmt("ab%k")};
    fails_at(unknown, 1,
             "format(\"...\", ...): unknown conversion: format() takes %d %i %u %x %X %o %c %s %f %e "
             "%g (and %F %E %G) and %%",
             0, 3);
    dist_arg length[] = {fmt("%5ld"), inner(make_n("uniform_int", 2, 0.0, 9.0))};
    fails_at(length, 2,
             "format(\"...\", ...): length modifiers (h, l, ll, z, ...) are not used in format(): each "
             "conversion takes the drawn value whole",
             0, 2);
    dist_arg star[] = {fmt("%*d")};
    fails_at(star, 1,
             "format(\"...\", ...): a width or precision taken from an argument ('*') is not supported", 0,
             1);
    dist_arg open[] = {fmt("x%-")};
    fails_at(open, 1, "format(\"...\", ...): the format ends inside a conversion (write %% for a '%')", 0, 3);
    dist_arg few[] = {fmt("%d,%d"), inner(make_n("uniform_int", 2, 0.0, 9.0))};
    fails_at(few, 2,
             "format(\"...\", ...): conversion 2 (%d) has no argument; the format has more conversions "
             "than the 1 argument after it",
             0, 3);
    dist_arg many[] = {fmt("%d"), inner(make_n("uniform_int", 2, 0.0, 9.0)),
                       inner(make_n("uniform_int", 2, 0.0, 9.0))};
    fails_at(many, 3, "format(\"...\", ...): argument 2 has no conversion; the format has 1 conversion", 2,
             -1);
    dist_arg real[] = {fmt("%d"), inner(make_n("normal", 2, 0.0, 1.0))};
    fails_at(real, 2,
             "format(\"...\", ...): %d (conversion 1) needs an integer-valued distribution (for a "
             "real-valued one use %f, %e or %g), got normal(0, 1)",
             1, -1);
    dist_arg neg[] = {fmt("%x"), inner(make_n("uniform_int", 2, -1.0, 9.0))};
    fails_at(neg, 2,
             "format(\"...\", ...): %x (conversion 1) needs an integer-valued distribution that never "
             "gives negative values, got uniform_int(-1, 9)",
             1, -1);
    dist_arg wide[] = {fmt("%c"), inner(make_n("uniform_int", 2, 0.0, 300.0))};
    fails_at(wide, 2,
             "format(\"...\", ...): %c (conversion 1) needs an integer-valued distribution over "
             "character codes 0..255, got uniform_int(0, 300)",
             1, -1);
    dist_arg number[] = {fmt("%s"), inner(make_n("uniform_int", 2, 0.0, 9.0))};
    fails_at(number, 2,
             "format(\"...\", ...): %s (conversion 1) needs a string-valued distribution (choice(\"A\", "
             "\"B\"), format(...), ...), got uniform_int(0, 9)",
             1, -1);
    return done();
}
