/* harness/enumerate_paths.h: an enumeration's hashed paths, their runs weighted by each combination's
 * probability. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ENUMERATE_PATHS_H
#define FREQSYS_ENUMERATE_PATHS_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"

/* The most distinct hashed paths an enumeration follows: past it, it does not apply. */
#define ENUMERATE_MAX_PATHS 65536u

/* One hashed path over every combination of positive probability: exact figures. */
typedef struct enumerate_path {
    uint32_t function;
    uint64_t id;
    double mean, stddev; /* of its runs per run, the combinations weighted by probability */
    double p_reached;    /* P(a run takes it at least once) */
    uint64_t min, max;   /* its runs per run over the combinations (min 0 unless every one took it) */
    uint64_t hits;       /* combinations in which it ran */
} enumerate_path;

/* The sums, in memory the enumerating child writes and its parent reads: a header
 * and ENUMERATE_MAX_PATHS records, in order of first sight. */
typedef struct enumerate_paths enumerate_paths;

/* Bytes of the shared memory the sums take. */
size_t enumerate_paths_bytes(void);

/* The sums at MEM (enumerate_paths_bytes, zeroed), for the child. */
enumerate_paths *enumerate_paths_at(void *mem);

/* Moves the run's hashed paths from MOD's path table into S, each count weighted by
 * W (KEEP), or only empties the table (KEEP 0). Returns 0; 1 when a function lost
 * counts to a full per-run table or S holds ENUMERATE_MAX_PATHS paths (the
 * enumeration does not apply, WHY says so); -1 when memory ran out. Called in the
 * child only: it keeps a private index to S's records. */
int enumerate_paths_take(enumerate_paths *s, const fsabi_module *mod, long double w, int keep, char *why,
                         size_t whylen);

/* The child's index, freed (in the child, before it ends). */
void enumerate_paths_done(enumerate_paths *s);

/* S's paths as exact figures over COMBINATIONS runs whose probabilities sum to
 * WEIGHT, sorted by function, then id: *OUT (malloc'd) and *N. Returns 0, or -1
 * when memory ran out. */
int enumerate_paths_result(const enumerate_paths *s, uint64_t combinations, long double weight,
                           enumerate_path **out, size_t *n);

#endif
