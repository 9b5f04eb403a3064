/* freqsys/spec/expression.h: distribution expressions and argument shapes in a spec line. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EXPRESSION_H
#define FREQSYS_EXPRESSION_H

#include "scanner.h"
#include "spec.h"

/* Parses NAME(ARG, ...) at the cursor (after spaces), each ARG a number, a string, a
 * nested distribution, or any of these followed by ": WEIGHT", and builds it with
 * dist_create, relative files resolved against BASE_DIR. LOC receives where the name is.
 * Returns NULL with the scanner failed on a syntax error, an unknown name (suggesting
 * the closest), a shape (array, string, ref) in this position, or an error from
 * dist_create, which is placed at the argument it names or else at the name. */
dist *expression_dist(scanner *sc, const char *base_dir, spec_loc *loc);

/* Parses the right side of '~' into OUT: a distribution or, when SHAPES is set (for
 * `arg`), also array(LEN, D), string(LEN_D, "charset"), ref(D), permutation(LEN) or
 * null. Returns 0, or -1 with the scanner failed; OUT then holds nothing to free.
 * On success OUT->dist is set, except for the two values that draw nothing: null
 * (SPEC_VALUE_NULL) and array(LEN) of structs (SPEC_VALUE_ARRAY) whose fields are
 * declared on lines of their own. */
int expression_value(scanner *sc, const char *base_dir, int shapes, spec_value *out);

/* Parses the inside of string(LEN_D, "charset") or string(LEN_D, CHAR_D) after its
 * '(' and up to, not including, its ')': LEN_D into OUT->dist (integer-valued, never
 * negative; its place in OUT->len_loc), the characters into OUT->charset and
 * OUT->charset_len (not empty), or CHAR_D into OUT->chars (integers 0..255). Returns
 * 0, or -1 with the scanner failed; OUT may then hold what expression_value_clear frees. */
int expression_string(scanner *sc, const char *base_dir, spec_value *out);

/* Frees what OUT holds (not OUT itself) and clears it. */
void expression_value_clear(spec_value *v);

#endif
