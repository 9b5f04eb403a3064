/* freqsys/spec/spec_units.h: the sources a spec compiles and each one's own flags: globs, headers,
 * compile_commands. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SPEC_UNITS_H
#define FREQSYS_SPEC_UNITS_H

#include "scanner.h"
#include "spec.h"

/* Adds the sources NAME (as written at COLUMN of the scanner's line, relative to the
 * spec's folder) names: one file, or every file a glob pattern (with *, ? or [...]) matches,
 * in sorted order. A source is a .c file, a .h file (compiled as C: header-only
 * code), or LLVM IR (.ll, .bc). Returns 0, or -1 after reporting at COLUMN: no such
 * file, no match, another suffix, a source listed twice. */
int spec_units_add(scanner *sc, spec *s, const char *name, int column);

/* Once the whole spec is read: with `compile_commands`, loads the database and gives
 * each C source its entry's flags, or with no `program` line (HAVE_PROGRAM 0) takes
 * every C unit of the database; then adds each `cflags "FILE": ...` to its source.
 * Returns 0, or -1 after reporting at the line concerned (the database unreadable, a
 * source with no entry, a `cflags` line for a file not compiled). */
int spec_units_resolve(scanner *sc, spec *s, int have_program);

/* The flags S gives source I: its own (spec_unit.flags), NULL-terminated, or NULL. */
char *const *spec_unit_flags(const spec *s, size_t i);

void spec_units_free(spec *s);

#endif
