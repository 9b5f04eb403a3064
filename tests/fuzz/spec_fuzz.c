/* tests/fuzz/spec_fuzz.c: the libFuzzer entry for whole spec files (spec_parse_string). */
/* SPDX-License-Identifier: MIT */
#include "exercise.h"
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPEC_PATH FUZZ_DATA_DIR "/fuzz.fspec"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parses DATA as a spec in tests/fuzz/data. A failed parse must leave a diagnostic
 * that starts with the spec's name; a successful one is walked and each input's
 * distribution exercised. Aborts (for the fuzzer to see) when a promise is broken. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    exercise_init();
    if (!exercise_allowed(data, size)) return 0;
    char *text = exercise_text(data, size, 0);
    if (!text) return 0;
    char err[1024];
    spec *s;
    int status = spec_parse_string(text, SPEC_PATH, &s, err, sizeof err);
    if (status != SPEC_OK) {
        if (s || (status != SPEC_ESYNTAX && status != SPEC_ENOMEM)) {
            fprintf(stderr, "spec_fuzz: text failed with status %d and a spec %p\n", status, (void *)s);
            abort();
        }
        if (strncmp(err, SPEC_PATH ":", strlen(SPEC_PATH ":")) != 0) {
            fprintf(stderr, "spec_fuzz: failed without a diagnostic: '%s'\n", err);
            abort();
        }
    } else {
        for (size_t i = 0; i < s->ninputs; i++) {
            const spec_input *in = &s->inputs[i];
            if (in->value.dist) exercise_dist(in->value.dist);
            if (in->target == SPEC_VAR && spec_find_var(s, in->name) == NULL) abort();
            spec_diagnose(s, in->loc, err, sizeof err, "input %zu", i);
        }
    }
    spec_free(s);
    free(text);
    return 0;
}
