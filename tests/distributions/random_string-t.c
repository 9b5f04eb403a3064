/* tests/distributions/random_string-t.c: string(LEN, "set") as a string-valued distribution: draws, text,
 * longest. */
/* SPDX-License-Identifier: MIT */
#include "text_test.h"

static dist *random_string(dist *length, const char *set, dist *chars) {
    dist_error e = {.arg_index = -1, .char_index = -1};
    dist *d = dist_random_string_create(length, set, set ? strlen(set) : 0, chars, &e);
    if (!d) bail("string: %s", e.message);
    return d;
}

int main(void) {
    plan(4 + 3 + 2);
    /* a length of 0 or 1, each half the time, then a or b: "" 1/2, "a" 1/4, "b" 1/4 */
    dist *d = random_string(make_n("uniform_int", 2, 0.0, 1.0), "ab", NULL);
    static const char *const short_ones[] = {"", "a", "b"};
    fits_strings(d, short_ones, (const double[]){0.5, 0.25, 0.25}, 3, 1);
    ok(dist_is_text(d) && isnan(dist_mean(d)), "it is string-valued, with no mean");
    formats(d, "string(uniform_int(0, 1), \"ab\")");
    is_double(dist_text_most(d), 1, 0, "its longest draw is the length's greatest value");

    /* two characters, each '#' one time in four and 'a' otherwise */
    static const char *const pairs[] = {"##", "#a", "a#", "aa"};
    dist *codes = make("discrete", (dist_arg[]){weighted(35, 1), weighted(97, 3)}, 2);
    dist *pairs_d = random_string(make_n("constant", 1, 2.0), NULL, codes);
    fits_strings(pairs_d, pairs, (const double[]){1.0 / 16, 3.0 / 16, 3.0 / 16, 9.0 / 16}, 4, 2);
    formats(pairs_d, "string(constant(2), discrete(35: 1, 97: 3))");
    is_double(dist_text_most(pairs_d), 2, 0, "...its longest, 2");

    /* an unbounded length bounds no draw; a repeated character is likelier */
    dist *open = random_string(make_n("poisson", 1, 3.0), "aab", NULL);
    is_double(dist_text_most(open), -1, 0, "a Poisson length: no longest draw");
    dist *one = random_string(make_n("constant", 1, 1.0), "aab", NULL);
    static const char *const letters[] = {"a", "b"};
    fits_strings(one, letters, (const double[]){2.0 / 3, 1.0 / 3}, 2, 3);
    dist_free(d);
    dist_free(pairs_d);
    dist_free(open);
    dist_free(one);
    return done();
}
