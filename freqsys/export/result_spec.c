/* freqsys/export/result_spec.c: the spec a result came from, read again for an export that compiles its
 * program. */
/* SPDX-License-Identifier: MIT */
#include "result_spec.h"

#include <stdio.h>

int result_spec_parse(const char *spec_path, spec **out, char *err, size_t errlen) {
    char msg[16384];
    /* the result holds the precision the run used (its own, or run -e and -g): a spec
     * without those lines still names the program */
    if (spec_parse_file_given(spec_path, SPEC_GIVEN_EPSILON | SPEC_GIVEN_CONFIDENCE, out, msg, sizeof msg) ==
        SPEC_OK)
        return 0;
    snprintf(err, errlen, "the result's spec: %s", msg);
    return -1;
}
