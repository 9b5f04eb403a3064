/* harness/counter_share.h: a worker's counters in shared memory, so a trial that crashes or is killed still
 * counts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_COUNTER_SHARE_H
#define FREQSYS_COUNTER_SHARE_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"

/* A fuzzer keeps its coverage map in memory that outlives the process under test;
 * here the module's counter array is: the worker maps a memory file over the pages
 * that hold it, and the harness reads the same file after the worker died, so a
 * trial that ended its worker (a signal, a kill at its timeout) contributes the
 * counts it made. After the counters the file holds EXTRA words for the worker's
 * own use (a replicate's totals so far), readable the same way. */
typedef struct counter_share {
    int fd;                     /* the memory file; -1: nothing shared */
    const uint64_t *view;       /* the harness's read-only view: the counters */
    const uint64_t *extra_view; /* ... and the extra words */
    void *map;                  /* that view's whole mapping */
    size_t map_bytes;
    char *base;  /* the page-aligned start of the counters' pages in the module */
    size_t span; /* the bytes of those pages */
    size_t ncounters, nextra;
} counter_share;

/* Makes the memory file for MOD's counters and NEXTRA words. Returns 0, or -1 when
 * the system refused (S is then not shared: fd -1; counter_share_close may be called). */
int counter_share_open(counter_share *s, const fsabi_module *mod, size_t nextra);

/* In a freshly forked worker: maps the file over the module's counter pages, after
 * copying what those pages hold now into it, and returns the worker's pointer to the
 * extra words (NULL when nothing is shared or the mapping failed: the worker then
 * counts privately, and a trial that kills it contributes nothing). */
uint64_t *counter_share_attach(const counter_share *s);

void counter_share_close(counter_share *s);

#endif
