/* harness/enumerate.h: exact means by running every combination of finite inputs once. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_ENUMERATE_H
#define FREQSYS_ENUMERATE_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"
#include "confine.h"
#include "enumerate_paths.h"
#include "program.h"
#include "spec.h"

#define ENUMERATE_DEFAULT_LIMIT 1000000ull
#define ENUMERATE_MAX_DRAWS     4096 /* draws per run it follows */

typedef struct enumerate_result {
    uint64_t combinations; /* runs made: the combinations of positive probability */
    uint64_t draws;        /* draws per run, the same in every run */
    size_t ncounters;      /* fsabi_ncounters(mod): blocks, writes, paths, blocks per context */
    double *mean;          /* [ncounters] exact: sum over combinations of P(c) count(c) */
    double *p_reached;     /* [ncounters] P(the block runs at least once) */
    uint64_t *min, *max;   /* [ncounters] over the combinations of positive probability */
    uint64_t *hits;        /* [ncounters] combinations in which the block ran */
    double *stddev;        /* [ncounters] the exact standard deviation of the count */
    enumerate_path *paths; /* [npaths] the hashed paths (--paths past --max-paths), by */
    size_t npaths;         /* function then id: every one of positive probability */
    double elapsed_s;
} enumerate_result;

/* Whether every input S declares has a finite support, and the product of those
 * supports (per draw: an array counts each element) is at most LIMIT as far as the
 * spec alone tells. Returns 1, or 0 with the reason in WHY. Can't fail. */
int enumerate_spec_finite(const spec *s, uint64_t limit, char *why, size_t whylen);

/* Runs the program (MOD, through PROGRAM's hooks) once per combination of the
 * values its draws can take, in a forked process confined by LIMITS, weighting each
 * run by its probability; a probe run under SEED first learns which distributions a
 * run draws from, in order. Returns 0 with OUT filled (free with
 * enumerate_result_free) when every run made those same draws, finished normally
 * (return or exit) and drew nothing else from its random stream (rand(), a drawn
 * string's characters); 1 with the reason in WHY when enumeration does not apply
 * (an input of infinite support, more than LIMIT combinations, a run that draws
 * differently, crashes, fails or overruns TIMEOUT_S, a run whose hashed paths
 * overflow the per-run table, more than ENUMERATE_MAX_PATHS hashed paths); 2 with
 * WHY when a stop was asked for (stop_request.h), which ends it at once; -1 with
 * WHY when memory or a process could not be had. */
int enumerate_run(const fsabi_module *mod, const program_hooks *program, uint64_t seed, uint64_t limit,
                  double timeout_s, const confine_limits *limits, enumerate_result *out, char *why,
                  size_t whylen);

void enumerate_result_free(enumerate_result *r);

#endif
