/* freqsys/spec/scanner.h: reads the tokens of one spec line and reports errors in it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SCANNER_H
#define FREQSYS_SCANNER_H

#include <stddef.h>

/* A cursor over one line of the spec. The first error is written into ERR as a full
 * diagnostic and sets FAILED; parsing stops there. */
typedef struct scanner {
    const char *path; /* the spec file, as named in diagnostics */
    const char *text; /* the line, without its newline; or several joined by spaces */
    int line;         /* 1-based; of the first when several are joined */
    /* A declaration continued inside parentheses: TEXT holds NPARTS physical lines,
     * PART_TEXT[k] starting at byte PART_START[k] of TEXT, so diagnostics name the
     * physical line and column. NPARTS 0: TEXT is one line. */
    size_t nparts;
    const size_t *part_start;
    char *const *part_text;
    size_t pos; /* byte offset of the cursor; its column is pos + 1 */
    char *err;
    size_t errlen;
    int failed;
    int out_of_memory; /* the error reported was running out of memory (SPEC_ENOMEM) */
} scanner;

/* What may directly follow a number (no space between). */
enum {
    SCANNER_PERCENT = 1, /* "2%" */
    SCANNER_UNIT = 2,    /* "500ms": letters after the digits are a unit */
    SCANNER_RANGE = 4    /* "0x10..0x1f": ".." may follow */
};

/* A number as written. */
typedef struct scanner_num {
    double value;                 /* divided by 100 when written with '%' */
    int is_integer_literal;       /* decimal digits or 0x hex, no point or exponent */
    unsigned long long magnitude; /* integer literal: its absolute value, exactly */
    int negative;                 /* written with a leading '-' */
    int percent;                  /* followed by '%' */
    size_t unit_pos, unit_len;    /* SCANNER_UNIT: the unit's letters (unit_len 0: none) */
    size_t pos, len;              /* where the number is, without '%' or the unit */
} scanner_num;

/* Formats the diagnostic at 1-based COLUMN of the line and sets FAILED (the first
 * error is the one kept). */
void scanner_report(scanner *sc, int column, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* scanner_report, then -1, so callers can write `return scanner_fail(...)`. A macro so
 * that the -1 is visible where it is returned (to readers and to the static analyzer,
 * which does not look into other files). */
#define scanner_fail(...) (scanner_report(__VA_ARGS__), -1)

/* scanner_report of running out of memory, which the parse returns as SPEC_ENOMEM
 * rather than as an error in the spec; scanner_fail_nomem returns -1 as well. */
void scanner_nomem(scanner *sc, int column);
#define scanner_fail_nomem(sc, column) (scanner_nomem(sc, column), -1)

/* Moves past spaces and tabs. */
void scanner_space(scanner *sc);

/* 1 when only spaces and a comment remain. Moves past the spaces. */
int scanner_at_end(scanner *sc);

/* The next character after spaces (moving past them), '\0' at the end of the line or
 * at a comment. */
char scanner_peek(scanner *sc);

/* 1 when a C identifier starts at the cursor. */
int scanner_at_ident(const scanner *sc);

/* Reads a C identifier at the cursor into a new string, NULL when none starts there
 * (or out of memory, which also fails the scanner). */
char *scanner_ident(scanner *sc);

/* Reads a field path, IDENT('.'IDENT)* as in "cfg.mode", into a new string. Returns
 * NULL when no identifier starts at the cursor (the scanner is not failed then), and
 * fails the scanner on a '.' not followed by a field name. */
char *scanner_path(scanner *sc);

/* 1 when a number starts at the cursor: a digit, or a sign or a point before one. */
int scanner_at_number(const scanner *sc);

/* Reads a number at the cursor, allowing what FLAGS allow right after it. Returns 0
 * and fails the scanner on a malformed number ("invalid number '12abc'") or one out of
 * range, 1 on success. Call only where scanner_at_number holds. */
int scanner_number(scanner *sc, int flags, scanner_num *out);

/* The exact value of N when it is a non-negative integer, 1e7 and 1.0 included, in
 * OUT; returns 0, or -1 when N is not such an integer, or -2 when it is one beyond
 * 64 bits. Does not fail the scanner: the caller words the message. */
int scanner_num_count(const scanner_num *n, unsigned long long *out);

/* N as written, with its '%' or unit, copied into BUF; returns BUF. */
const char *scanner_num_text(const scanner *sc, const scanner_num *n, char *buf, size_t size);

/* Reads a quoted string into a new string, decoding the escapes \n \r \t \0 \\ \"
 * and \xHH (two hex digits); *LEN receives its length in bytes, as it may hold NUL
 * bytes (and it is NUL-terminated beyond them). Returns NULL and fails the scanner on
 * an unterminated string or a bad escape (at the backslash). Call only at '"'. */
char *scanner_string_n(scanner *sc, size_t *len);

/* scanner_string_n for strings that end at a NUL (names, paths, flags): a '\0' in
 * them is an error at its backslash. */
char *scanner_string(scanner *sc);

/* The 1-based column of the source text that gives byte INDEX of the string whose
 * opening quote is at byte QUOTE of the line (after its escapes are decoded). */
int scanner_string_column(const scanner *sc, size_t quote, size_t index);

/* Where byte POS of TEXT is: its physical line and 1-based column, apart from any
 * joining of lines. */
void scanner_place(const scanner *sc, size_t pos, int *line, int *column);

/* Describes the token at the cursor for "found ..." messages: "'foo'", "'('",
 * "end of line". Writes into BUF and returns it. */
const char *scanner_describe(scanner *sc, char *buf, size_t size);

/* Consumes CH when it is next; otherwise fails with "expected 'CH' WHAT, found ..."
 * at the current column. Returns 0, or what scanner_fail returns. */
int scanner_expect(scanner *sc, char ch, const char *what);

/* A copy of LEN bytes of the line from POS, for quoting the text as written. */
const char *scanner_text(const scanner *sc, size_t pos, size_t len, char *buf, size_t size);

#endif
