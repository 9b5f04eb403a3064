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
    uint64_t rarest; /* the smallest count of a block that GCC would annotate with COUNT, by this line,
                      * well above its own (COUNT when there is none): the line's blocks cannot be told
                      * apart in GCC 12's file */
} afdo_line_count;

/* The lines of the function whose blocks are R's FIRST .. END-1 (entry first), from the
 * places in POSITIONS on lines FROM_LINE and after, each with the count to write for it
 * (a block's count is its mean times SCALE, rounded), in ascending order of line. Sets
 * *OUT (free it) and returns the number of lines, or -1 when out of memory. */
ptrdiff_t afdo_line_counts(const result *r, size_t first, size_t end, int from_line,
                           const block_lines *positions, double scale, afdo_line_count **out);

#endif
