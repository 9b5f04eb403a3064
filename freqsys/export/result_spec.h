/* freqsys/export/result_spec.h: the spec a result came from, read again for an export that compiles its
 * program. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RESULT_SPEC_H
#define FREQSYS_RESULT_SPEC_H

#include <stddef.h>
#include "spec.h"

/* Parses SPEC_PATH into *OUT, its program and inputs: a spec without an epsilon or
 * confidence line is complete, as the run may have had them from -e and -g (their
 * fields are then 0; the result holds what the run used). Returns 0, or -1 with ERR
 * saying that the result's spec could not be read, and why (its own
 * file:line:column diagnostic). */
int result_spec_parse(const char *spec_path, spec **out, char *err, size_t errlen);

#endif
