/* freqsys/spec/diagnostic.h: compiler-style error messages with the line and a caret. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DIAGNOSTIC_H
#define FREQSYS_DIAGNOSTIC_H

#include <stddef.h>

/* Writes into BUF (of SIZE bytes, always NUL-terminated when SIZE > 0) the three lines
 *     FILE:LINE:COLUMN: error: MESSAGE
 *      LLLL | TEXT
 *           | <COLUMN - 1 spaces>^
 * with the line number right-aligned in 4 columns (wider when it needs more), and no
 * newline after the caret. TEXT is shown as it is, tabs included; every byte counts as
 * one column, so the caret sits under byte COLUMN. A NULL TEXT shows as empty.
 * Returns the length the full text has, like snprintf, so a caller can tell truncation. */
int diagnostic_format(char *buf, size_t size, const char *file, int line, int column, const char *text,
                      const char *message);

#endif
