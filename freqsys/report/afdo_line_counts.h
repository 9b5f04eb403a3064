/* freqsys/report/afdo_line_counts.h: one count per source line for GCC 12's AutoFDO, chosen so that GCC
 * annotates no block below its count. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_AFDO_LINE_COUNTS_H
#define FREQSYS_AFDO_LINE_COUNTS_H

#include <stddef.h>
#include <stdint.h>
#include "result.h"

typedef struct afdo_line_count {
    int line;
    uint64_t count;
    int misstated;              /* a block whose first line this is (or, with no code, whose annotation GCC
                                 * reads here) would be annotated with more than AFDO_MISSTATED times its
                                 * count, or less than its count over AFDO_MISSTATED */
    uint64_t block, annotation; /* then the hottest such block's count, and its annotation */
} afdo_line_count;

/* How far GCC's annotation of a block may be from its count, as a factor, before the
 * function is better left to GCC's own estimate (docs/exports.md, afdo). */
#define AFDO_MISSTATED 2.0

/* The lines of the function whose blocks are R's FIRST .. END-1 (entry first), from the
 * places in POSITIONS on lines FROM_LINE and after, each with the count to write for it
 * (a block's count is its mean times SCALE, rounded), in ascending order of line. Sets
 * *OUT (free it) and returns the number of lines, or -1 when out of memory. */
ptrdiff_t afdo_line_counts(const result *r, size_t first, size_t end, int from_line,
                           const block_lines *positions, double scale, afdo_line_count **out);

#endif
