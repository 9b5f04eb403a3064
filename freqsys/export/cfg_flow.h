/* freqsys/export/cfg_flow.h: the block counts of a CFG that flow conservation gives from the known ones. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CFG_FLOW_H
#define FREQSYS_CFG_FLOW_H

#include <stddef.h>

/* A CFG of N blocks, block 0 the entry; block b's distinct successors are
 * TO[FIRST[b]] .. TO[FIRST[b + 1] - 1]. Fills COUNT[b] for every block whose count
 * follows from those with KNOWN[b] set (each block's count is the sum of its in-edges
 * and of its out-edges; an edge out of a block with one successor, or into a block
 * with one predecessor, carries that block's count), setting KNOWN[b]; a block no edge
 * reaches (not the entry) counts 0. Counts stay >= 0. Returns 0, or -1 out of memory. */
int cfg_flow_fill(size_t n, const size_t *first, const size_t *to, double *count, unsigned char *known);

#endif
