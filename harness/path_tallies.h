/* harness/path_tallies.h: the tallies of hashed paths, found by function and id as the trials show them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PATH_TALLIES_H
#define FREQSYS_PATH_TALLIES_H

#include <stddef.h>
#include <stdint.h>
#include "tally.h"
#include "wire.h"

/* A path of a function whose paths are hashed (FSABI_PATHS_HASHED): its runs per
 * trial, over the trials that took it; the others count as zeros. */
typedef struct path_tally {
    uint64_t id;
    uint32_t function;
    uint64_t first_trial; /* the first trial that took it (UINT64_MAX: not known) */
    tally t;
} path_tally;

/* Per function, the trials in which the per-trial path table was full and a run of
 * one of its paths went uncounted. */
typedef struct path_lost {
    uint32_t function;
    uint64_t trials;
} path_lost;

/* Every distinct (function, id) seen. The tallies are exact integers, so the set and
 * each tally depend only on which trials were added, never on their order;
 * path_tallies_sort gives the order too. */
typedef struct path_tallies {
    path_tally *items;
    size_t n, cap;
    uint32_t *index; /* open addressing: item + 1, 0 free; index_cap a power of two */
    size_t index_cap;
    path_lost *lost;
    size_t nlost, lost_cap;
} path_tallies;

void path_tallies_init(path_tallies *p);
void path_tallies_free(path_tallies *p);

/* Path ID of FUNCTION, made empty (no trial) when new; NULL when memory ran out. */
path_tally *path_tallies_find(path_tallies *p, uint32_t function, uint64_t id);

/* Path ID of FUNCTION when P has it, else NULL; P is not changed. */
const path_tally *path_tallies_lookup(const path_tallies *p, uint32_t function, uint64_t id);

/* Its tally (path_tallies_find's). */
tally *path_tallies_get(path_tallies *p, uint32_t function, uint64_t id);

/* Notes that TRIAL took path X (keeps the first such trial). Can't fail. */
void path_tallies_seen(path_tally *x, uint64_t trial);

/* Adds TRIALS trials in which FUNCTION lost a count. Returns 0, or -1 out of memory. */
int path_tallies_lose(path_tallies *p, uint32_t function, uint64_t trials);

/* The trials in which FUNCTION lost a count. Can't fail. */
uint64_t path_tallies_lost(const path_tallies *p, uint32_t function);

/* Adds every trial of SRC to DST. Returns 0, or -1 when memory ran out. */
int path_tallies_merge(path_tallies *dst, const path_tallies *src);

/* Orders the paths by function, then id. Returns 0, or -1 when memory ran out (the
 * order is then unchanged). */
int path_tallies_sort(path_tallies *p);

/* On the wire, a path travels among a chunk's bins as a HEAD_KIND bin (block: the function,
 * value: the id, trials: its first trial + 1, 0 when not known) followed by its
 * WIRE_BIN_PATH_COUNT bins (value: runs in a trial, trials: how many trials); a
 * function's lost trials as a WIRE_BIN_PATH_LOST bin (block: the function, trials).
 * HEAD_KIND is WIRE_BIN_PATH for the tallies per trial, WIRE_BIN_RUN_PATH for those of a
 * replicate's runs one by one. PUT receives them in that order; returns 0, or PUT's
 * first nonzero answer. */
int path_tallies_put_bins(const path_tallies *p, uint32_t head_kind, int (*put)(const wire_bin *b, void *ctx),
                          void *ctx);

/* Reads one such bin into P (with tally_add), whichever its head; *CURRENT carries the
 * path the count bins belong to from one call to the next (NULL at the start of a
 * piece). Returns 0, or -1 when memory ran out or a count bin has no path before it. */
int path_tallies_add_bin(path_tallies *p, const wire_bin *b, tally **current);

#endif
