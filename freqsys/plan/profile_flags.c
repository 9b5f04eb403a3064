/* freqsys/plan/profile_flags.c: the spec's compiler flags without those that make clang generate a profile.
 */
/* SPDX-License-Identifier: MIT */
#include "profile_flags.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int profile_flags_generates(const char *flag) {
    /* each alone, or with =PATH (where the profile is written) */
    static const char *const with_path[] = {"-fprofile-instr-generate", "-fprofile-generate",
                                            "-fcs-profile-generate"};
    static const char *const alone[] = {"-fprofile-arcs", "--coverage", "-fcoverage-mapping"};
    for (size_t i = 0; i < sizeof with_path / sizeof with_path[0]; i++) {
        size_t n = strlen(with_path[i]);
        if (!strncmp(flag, with_path[i], n) && (flag[n] == '\0' || flag[n] == '=')) return 1;
    }
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
        if (!strcmp(flag, alone[i])) return 1;
    return 0;
}

/* FLAGS (N of them, or NULL-terminated when N is SIZE_MAX) without the generating
 * ones, NULL-terminated, the strings shared; *KEPT their number. NULL when memory ran
 * out. */
static char **kept_flags(char *const *flags, size_t n, size_t *kept) {
    if (n == SIZE_MAX)
        for (n = 0; flags && flags[n];) n++;
    char **v = calloc(n + 1, sizeof *v);
    *kept = 0;
    for (size_t k = 0; v && k < n; k++)
        if (!profile_flags_generates(flags[k])) v[(*kept)++] = flags[k];
    return v;
}

int profile_flags_strip(const spec *s, spec *out) {
    *out = *s;
    out->cflags = kept_flags(s->cflags, s->ncflags, &out->ncflags);
    out->units = s->units && s->nsources ? calloc(s->nsources, sizeof *out->units) : NULL;
    if (!out->cflags || (s->units && s->nsources && !out->units)) {
        free(out->cflags);
        free(out->units);
        return -1;
    }
    for (size_t i = 0; out->units && i < s->nsources; i++) {
        out->units[i] = s->units[i];
        if (!s->units[i].flags) continue;
        out->units[i].flags = kept_flags(s->units[i].flags, SIZE_MAX, &out->units[i].nflags);
        if (!out->units[i].flags) {
            out->nsources = i; /* the units copied so far, for the release */
            profile_flags_release(out);
            return -1;
        }
    }
    return 0;
}

void profile_flags_release(spec *out) {
    for (size_t i = 0; out->units && i < out->nsources; i++) free(out->units[i].flags);
    free(out->units);
    free(out->cflags);
    out->units = NULL;
    out->cflags = NULL;
}
