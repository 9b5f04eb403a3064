/* tests/fuzz/exercise.c: what both fuzz targets do with a parsed distribution, and their common set-up. */
/* SPDX-License-Identifier: MIT */
#include "exercise.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#define DRAWS 16

void exercise_init(void) {
    static int done;
    if (!done) gsl_set_error_handler_off();
    done = 1;
}

int exercise_allowed(const uint8_t *data, size_t size) {
    static const char *const banned[] = {"dev/", "proc/", "sys/", NULL};
    for (size_t i = 0; banned[i]; i++) {
        size_t n = strlen(banned[i]);
        for (size_t p = 0; p + n <= size; p++)
            if (memcmp(data + p, banned[i], n) == 0) return 0;
    }
    return 1;
}

char *exercise_text(const uint8_t *data, size_t size, int one_line) {
    size_t n = 0;
    while (n < size && data[n] != '\0' && !(one_line && data[n] == '\n')) n++;
    char *text = malloc(n + 1);
    if (!text) return NULL;
    memcpy(text, data, n);
    text[n] = '\0';
    return text;
}

static void broken(const dist *d, const char *what, double x, double y) {
    char name[200];
    dist_format(d, name, sizeof name);
    fprintf(stderr, "exercise: %s: %s (%.17g, %.17g)\n", name, what, x, y);
    abort();
}

/* The canonical text into buffers of 0, 1, 7 bytes and the full length: every call
 * must report the same length, and what fits must be exactly its prefix. */
static void formats(const dist *d) {
    int n = dist_format(d, NULL, 0);
    if (n < 0) broken(d, "negative formatted length", n, 0);
    char *full = malloc((size_t)n + 1);
    if (!full) return;
    if (dist_format(d, full, (size_t)n + 1) != n || strlen(full) != (size_t)n)
        broken(d, "formatted length differs", n, (double)strlen(full));
    static const size_t sizes[] = {1, 7};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char small[8];
        memset(small, 'x', sizeof small);
        size_t want = (size_t)n < sizes[i] - 1 ? (size_t)n : sizes[i] - 1;
        if (dist_format(d, small, sizes[i]) != n || strlen(small) != want || memcmp(small, full, want) != 0)
            broken(d, "truncated format is not a prefix", n, (double)sizes[i]);
    }
    free(full);
}

static int by_value(const void *pa, const void *pb) {
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* A string-valued distribution: every draw succeeds, and two streams at the same
 * position draw the same bytes. */
static void texts(const dist *d, gsl_rng *r) {
    gsl_rng *again = gsl_rng_alloc(dist_rng_philox);
    if (!again) return;
    dist_rng_position(again, 1, 0);
    for (int i = 0; i < DRAWS; i++) {
        dist_bytes a = {0}, b = {0};
        if (dist_sample_text(d, r, &a) < 0 || dist_sample_text(d, again, &b) < 0)
            broken(d, "a text draw failed", i, 0);
        if (a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0))
            broken(d, "the same stream drew different text", (double)a.len, (double)b.len);
        dist_bytes_free(&a);
        dist_bytes_free(&b);
    }
    gsl_rng_free(again);
}

void exercise_dist(const dist *d) {
    formats(d);
    gsl_rng *r = gsl_rng_alloc(dist_rng_philox);
    if (!r) return;
    dist_rng_position(r, 1, 0);
    if (dist_is_text(d)) {
        texts(d, r);
        gsl_rng_free(r);
        return;
    }
    double x[DRAWS + 6];
    size_t n = 0;
    int integer = dist_is_integer(d);
    for (int i = 0; i < DRAWS; i++) {
        double v = dist_sample(d, r);
        if (integer && v != floor(v)) broken(d, "integer distribution drew a non-integer", v, 0);
        if (!isnan(v)) x[n++] = v;
    }
    gsl_rng_free(r);
    static const double fixed[] = {-INFINITY, -1e300, -0.5, 0, 1e300, INFINITY};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) x[n++] = fixed[i];
    qsort(x, n, sizeof x[0], by_value);
    double prev = 0;
    for (size_t i = 0; i < n; i++) {
        double p = dist_cdf(d, x[i]);
        if (!(p >= 0 && p <= 1)) broken(d, "CDF outside [0, 1] at x", x[i], p);
        if (p < prev - 1e-9) broken(d, "CDF decreases at x", x[i], p);
        prev = p;
    }
}
