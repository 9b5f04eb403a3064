/* freqsys/spec/target.h: the left side of an input declaration, what a draw is bound to. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TARGET_H
#define FREQSYS_TARGET_H

#include "scanner.h"
#include "spec.h"

/* Parses what follows KEYWORD ("read", "arg", "global", "extern", "mmio", "stdin" or "draw") up to,
 * not including, '~', filling IN's target, name, index, ctype, address range and
 * name_loc. Returns 0, or -1 with the scanner failed (a read position below 1, a
 * malformed name, an extern without a type, a reversed mmio range...); IN may then
 * hold strings the caller frees. */
int target_parse(scanner *sc, const char *keyword, spec_input *in);

/* The input of S that IN would duplicate: the same target kind with the same name,
 * index or position, another `read *`, or an overlapping mmio range. NULL if none. */
const spec_input *target_clash(const spec *s, const spec_input *in);

/* Fails the scanner at IN's name with a message naming EARLIER's line; returns -1. */
int target_clash_fail(scanner *sc, const spec_input *in, const spec_input *earlier);

#endif
