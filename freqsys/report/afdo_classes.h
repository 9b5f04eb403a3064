/* freqsys/report/afdo_classes.h: the blocks GCC's AutoFDO gives one count, found on the result's CFG. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_AFDO_CLASSES_H
#define FREQSYS_AFDO_CLASSES_H

#include <stddef.h>
#include "result.h"

/* GCC's equivalence classes of the function whose blocks are R's FIRST .. FIRST+N-1
 * (entry first): two blocks are in one class when one dominates the other, which
 * post-dominates it, in the same innermost loop. Sets ROOT[i] (N entries) to the
 * class of block FIRST+i, as one block of it. Returns 0, or -1 when out of memory. */
int afdo_classes(const result *r, size_t first, size_t n, size_t *root);

#endif
