/* freqsys/spec/stdin_form.h: the right side of `stdin ~`: text(...), lines(...) or files("glob"). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STDIN_FORM_H
#define FREQSYS_STDIN_FORM_H

#include "scanner.h"
#include "spec.h"

/* Parses, after '~', one of
 *     text(LEN_D, BYTE_D)                       SPEC_VALUE_TEXT
 *     lines(COUNT_D, string(LEN_D, "chars"))    SPEC_VALUE_LINES
 *     files("glob")                             SPEC_VALUE_FILES
 * into OUT. Lengths and counts must be integer-valued and never negative, bytes
 * integers 0..255. The glob is resolved against BASE_DIR, and every file it matches
 * is read now, in name order. Returns 0, or -1 with the scanner failed at the
 * offending column (a glob that matches nothing fails at the pattern); OUT then
 * holds nothing to free. */
int stdin_form_parse(scanner *sc, const char *base_dir, spec_value *out);

#endif
