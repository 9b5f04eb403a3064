/* tests/distributions/text_test.h: what the tests of string-valued distributions share: counting draws by
 * string. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEXT_TEST_H
#define FREQSYS_TEXT_TEST_H

#include "dist_test.h"

/* One draw of the string-valued D, into a static buffer: the bytes and their count. */
static inline const char *draw_text(const dist *d, gsl_rng *r, size_t *len) {
    static dist_bytes b;
    b.len = 0;
    if (dist_sample_text(d, r, &b) < 0) bail("out of memory drawing text");
    *len = b.len;
    return b.data ? b.data : "";
}

/* DRAWS draws of D, each counted under the one of the N strings WANT it equals, and
 * compared with the probabilities P, as GSL's randist tests do: a count is off when
 * it is more than Z standard deviations and more than 2 from DRAWS * P. Draws equal
 * to none of them count as off too. One check. */
static inline void fits_strings(const dist *d, const char *const *want, const double *p, size_t n,
                                unsigned long long stream) {
    char label[200];
    dist_format(d, label, sizeof label);
    gsl_rng *r = rng_at(stream);
    size_t count[16] = {0}, other = 0;
    for (long i = 0; i < DRAWS; i++) {
        size_t len, k = 0;
        const char *s = draw_text(d, r, &len);
        while (k < n && !(strlen(want[k]) == len && memcmp(want[k], s, len) == 0)) k++;
        if (k < n)
            count[k]++;
        else
            other++;
    }
    int good = other == 0;
    for (size_t k = 0; k < n; k++) {
        double expect = DRAWS * p[k], sd = sqrt(DRAWS * p[k] * (1 - p[k]));
        double off = fabs((double)count[k] - expect);
        if (off > Z * sd && off > 2) {
            diag("'%s': %zu draws, expected %.1f", want[k], count[k], expect);
            good = 0;
        }
    }
    ok(good, "%s: %d draws match the probabilities (%zu other)", label, DRAWS, other);
}

#endif
