/* freqsys/spec/spec_find.c: finding a spec's inputs by what they feed; apart from the parser, so the runtime
 * library can carry it. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "spec.h"

const spec_input *spec_find_stdin(const spec *s) {
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_STDIN) return &s->inputs[i];
    return NULL;
}

const spec_input *spec_find_var(const spec *s, const char *name) {
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_VAR && strcmp(s->inputs[i].name, name) == 0) return &s->inputs[i];
    return NULL;
}

const spec_input *spec_find_draw(const spec *s, const char *name) {
    for (size_t i = 0; i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_DRAW && strcmp(s->inputs[i].name, name) == 0) return &s->inputs[i];
    return NULL;
}
