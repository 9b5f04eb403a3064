/* freqsys/plan/call_order.h: a layout order of functions by call affinity (C3, call-chain clustering). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CALL_ORDER_H
#define FREQSYS_CALL_ORDER_H

#include <stddef.h>
#include <stdint.h>

#define CALL_ORDER_PAGE 4096 /* the most bytes a cluster grows to */

/* Orders N functions (SIZE bytes, HEAT their hotness: bytes fetched per run, NAMES for
 * ties) by C3, the call-chain clustering hfsort uses: functions are taken hottest
 * first, and each one's cluster is appended to the cluster of its heaviest caller
 * (CALLS[i * n + j]: expected calls from i to j per run) unless they are one cluster
 * already or the two together exceed PAGE bytes; the clusters are then laid out by
 * density (heat per byte), densest first. A callee thus follows its caller, and hot
 * code is packed together. Writes the function indices in layout order into ORDER
 * and each position's cluster number (0 the first cluster) into CLUSTER. Returns 0,
 * or -1 when memory ran out. */
int call_order_c3(size_t n, const uint64_t *size, const double *heat, const double *calls,
                  const char *const *names, uint64_t page, size_t *order, size_t *cluster);

#endif
