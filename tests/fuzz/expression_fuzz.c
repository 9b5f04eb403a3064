/* tests/fuzz/expression_fuzz.c: the libFuzzer entry for one distribution expression (expression_value). */
/* SPDX-License-Identifier: MIT */
#include "exercise.h"
#include "expression.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parses TEXT, the right side of '~', as an `arg` line would (shapes allowed). */
static int parse(const char *text, spec_value *v, char *err, size_t errlen) {
    scanner sc = {.path = "fuzz.fspec", .text = text, .line = 1, .err = err, .errlen = errlen};
    int r = expression_value(&sc, FUZZ_DATA_DIR, 1, v);
    /* expression.h: every value has a distribution but null and array(LEN) of structs */
    int draws_nothing = v->kind == SPEC_VALUE_NULL || (v->kind == SPEC_VALUE_ARRAY && !v->dist);
    if ((r < 0) != (sc.failed != 0) || (r == 0 && !v->dist && !draws_nothing) ||
        (r == 0 && v->kind == SPEC_VALUE_NULL && v->dist)) {
        fprintf(stderr, "expression_fuzz: result %d with failed %d and dist %p\n", r, sc.failed,
                (void *)v->dist);
        abort();
    }
    return r;
}

/* The canonical text of a distribution must read back as the same distribution. */
static void round_trip(const dist *d) {
    int n = dist_format(d, NULL, 0);
    char *text = malloc((size_t)n + 1), err[1024];
    if (!text) return;
    dist_format(d, text, (size_t)n + 1);
    spec_value again;
    if (parse(text, &again, err, sizeof err) < 0) {
        fprintf(stderr, "expression_fuzz: canonical text '%s' does not parse:\n%s\n", text, err);
        abort();
    }
    int m = dist_format(again.dist, NULL, 0);
    char *back = malloc((size_t)m + 1);
    if (back) {
        dist_format(again.dist, back, (size_t)m + 1);
        if (strcmp(text, back) != 0) {
            fprintf(stderr, "expression_fuzz: '%s' reads back as '%s'\n", text, back);
            abort();
        }
    }
    free(back);
    expression_value_clear(&again);
    free(text);
}

/* Parses the first line of DATA as a distribution or an argument shape; on success
 * exercises the distribution and checks that its canonical text reads back the same. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    exercise_init();
    if (!exercise_allowed(data, size)) return 0;
    char *text = exercise_text(data, size, 1);
    if (!text) return 0;
    char err[1024];
    spec_value v;
    if (parse(text, &v, err, sizeof err) == 0) {
        if (v.dist) exercise_dist(v.dist);
        if (v.kind == SPEC_VALUE_DIST) round_trip(v.dist);
        expression_value_clear(&v);
    }
    free(text);
    return 0;
}
