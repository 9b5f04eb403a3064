/* freqsys/spec/stdin_form.h: whole inputs: text(...), lines(...), files("glob") or generator(NAME), after
 * `stdin ~` or `arg NAME ~`. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STDIN_FORM_H
#define FREQSYS_STDIN_FORM_H

#include "scanner.h"
#include "spec.h"

/* Parses, after '~', one of
 *     text(LEN_D, BYTE_D)                       SPEC_VALUE_TEXT
 *     lines(COUNT_D, string(LEN_D, "chars"))    SPEC_VALUE_LINES
 *     files("glob"), files("a/x": 2, "b/y": 1)  SPEC_VALUE_FILES
 *     generator(NAME)                           SPEC_VALUE_GENERATOR
 * into OUT. Lengths and counts must be integer-valued and never negative, bytes
 * integers 0..255. The glob is resolved against BASE_DIR, and every file it matches
 * is read now, in name order. Returns 0, or -1 with the scanner failed at the
 * offending column (a glob that matches nothing fails at the pattern); OUT then
 * holds nothing to free. */
int stdin_form_parse(scanner *sc, const char *base_dir, spec_value *out);

/* The largest capacity of a byte generator, generator(NAME, CAP). */
#define STDIN_FORM_MAX_CAP (1 << 26)

/* The form NAME ("text", "lines", "files", "file" or "generator") after its '(', up to
 * and including its ')', into OUT (whose loc the caller set): for an argument too
 * (`arg data ~ file("corpus/a.bin")`, `arg s ~ generator(make, 256)`). Returns 0, or
 * -1 with the scanner failed; OUT may then hold what expression_value_clear frees. */
int stdin_form_body(scanner *sc, const char *base_dir, const char *name, spec_value *out);

#endif
