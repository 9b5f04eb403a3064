/* freqsys/export/result_spec.c: the spec a result came from, read again for an export that compiles its
 * program. */
/* SPDX-License-Identifier: MIT */
#include "result_spec.h"

#include <stdio.h>

int result_spec_parse(const char *spec_path, spec **out, char *err, size_t errlen) {
    char msg[16384];
    if (spec_parse_file(spec_path, out, msg, sizeof msg) == SPEC_OK) return 0;
    snprintf(err, errlen, "the result's spec: %s", msg);
    return -1;
}
