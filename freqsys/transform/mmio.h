/* freqsys/transform/mmio.h: memory-mapped I/O registers replaced by draws and write counters. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_MMIO_H
#define FREQSYS_MMIO_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/Core.h>
#include "counters.h"
#include "ptr_map.h"
#include "reads.h"
#include "spec.h"

typedef struct mmio_writes {
    uint64_t *addresses; /* distinct, in order of first appearance */
    size_t n, cap;
} mmio_writes;

/* The distinct constant addresses that volatile stores of M write to, in the
 * functions of REACHABLE (the only ones mmio_rewrite changes). Returns 0, or
 * -1 when memory ran out. */
int mmio_scan_writes(LLVMModuleRef m, const ptr_map *reachable, mmio_writes *w);

/* Replaces every volatile load from a constant address (`*(volatile uint32_t *)ADDR`,
 * `GPIOA->IDR` through a constant struct pointer) with a draw from the `mmio`
 * declaration covering the address, and every volatile store to a constant address
 * with an increment of that address's write counter (the store itself is dropped: the
 * hardware is not there). A load from an address no declaration covers is an error
 * listing every such address with its source line. Returns 0 or TRANSFORM_ESPEC. */
int mmio_rewrite(LLVMModuleRef m, const spec *s, const ptr_map *reachable, const counter_table *t,
                 const mmio_writes *w, read_sites *sites, char *err, size_t errlen);

void mmio_writes_free(mmio_writes *w);

#endif
