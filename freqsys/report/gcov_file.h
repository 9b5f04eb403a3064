/* freqsys/report/gcov_file.h: GCC's coverage files (.gcno notes, .gcda counts), read and written. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCOV_FILE_H
#define FREQSYS_GCOV_FILE_H

#include <stddef.h>
#include <stdint.h>

#define GCOV_ARC_ON_TREE 1u /* not instrumented: its count follows from the others */
#define GCOV_ARC_FAKE    2u /* a call that may not return, to the exit block */

/* One function of a .gcno: its identity, and how many of its arcs GCC counts (those
 * not on its spanning tree, in the notes' order). */
typedef struct gcov_function {
    uint32_t ident, lineno_checksum, cfg_checksum;
    char *name;
    char *file;
    uint32_t line;
    size_t ncounted;  /* arcs not on the tree: the length of its arc counters */
    uint64_t *counts; /* a .gcda's arc counters (ncounted), or NULL */
} gcov_function;

typedef struct gcov_file {
    uint32_t version; /* GCC's, as the notes file says it ("B22*" is GCC 12.2) */
    uint32_t stamp;
    uint32_t runs; /* a .gcda's object summary */
    uint64_t sum_max;
    gcov_function *functions;
    size_t nfunctions;
} gcov_file;

/* Reads the notes file PATH (.gcno) into *OUT. Returns 0, or -1 with a message naming
 * PATH and the byte where it went wrong in ERR. */
int gcov_read_notes(const char *path, gcov_file *out, char *err, size_t errlen);

/* Reads the arc counters and the object summary of the data file PATH (.gcda) into
 * NOTES, whose functions it must list (matched by ident and checksums). Returns 0, or
 * -1 with ERR saying why (a function the notes lack, a counter count that differs). */
int gcov_read_data(const char *path, gcov_file *notes, char *err, size_t errlen);

/* Writes F as a .gcda to PATH: the header with F's version and stamp, the object
 * summary (runs, sum_max), and per function its record and arc counters (zeros when
 * it has none). Returns 0, or -1 with ERR saying why. */
int gcov_write_data(const char *path, const gcov_file *f, char *err, size_t errlen);

void gcov_file_free(gcov_file *f);

#endif
