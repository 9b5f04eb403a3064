/* freqsys/bounds/given_bounds.h: what the spec tells the proven bounds: its caps and the ranges of reads.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GIVEN_BOUNDS_H
#define FREQSYS_GIVEN_BOUNDS_H

#include <stddef.h>
#include <llvm-c/Core.h>
#include "loop_bounds.h"
#include "reads.h"
#include "spec.h"

/* Fills OUT from S for module M: one bound_cap per `cap FUNCTION N` and `cap
 * FILE:LINE N`, and for each site of SITES the least and greatest value a read there
 * can give: the hull of the distributions that can serve it (its variable's or `read
 * *`'s, and every `read N`'s), with 0 when the input can end. Returns 0,
 * TRANSFORM_ESPEC (message in ERR at the cap's line) for a cap naming a function M
 * does not define, or -1 when memory ran out. */
int given_bounds_make(LLVMModuleRef m, const spec *s, const read_sites *sites, bound_given *out, char *err,
                      size_t errlen);

/* After the bounds are proven: TRANSFORM_ESPEC (message in ERR at its line) for a
 * `cap FILE:LINE N` whose line holds no loop's header; else 0. */
int given_bounds_check(const spec *s, const bound_given *g, char *err, size_t errlen);

void given_bounds_free(bound_given *g);

#endif
