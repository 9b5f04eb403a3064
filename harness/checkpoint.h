/* harness/checkpoint.h: an interrupted run's state on disk, to continue it exactly. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CHECKPOINT_H
#define FREQSYS_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>
#include "runner_types.h"

/* Version 2: every trial is in the tallies however it ended, with the outcomes and
 * the counters a killed trial was still running (version 1 left failed trials out). */
#define CHECKPOINT_VERSION 2

/* What must match for a run to continue from a checkpoint, and where it stood. The
 * tallies are exact integers, so continuing gives bit for bit the result an
 * uninterrupted run gives. */
typedef struct checkpoint {
    char *spec;         /* the spec file as given */
    uint64_t module_id; /* checkpoint_module_id of the instrumented program */
    uint64_t seed, max_trials;
    double epsilon, confidence;
    int relative;
    int family, method;  /* stop_family (--simultaneous), stop_method (--method) */
    double cap;          /* --cap, 0 when not given */
    size_t ntallies;     /* blocks + MMIO write counters + path counters */
    runner_start state;  /* state.hashed: the hashed paths, NULL when none */
    uint64_t max_paths;  /* run --paths: --max-paths; 0 without --paths */
    char *sampling_note; /* why the run samples as it does (--sampling auto's choice),
                          * so a resumed run reports it too; NULL: none */
} checkpoint;

/* A fingerprint of the module's block, function and site tables: a checkpoint of
 * another program (or another version of it) is refused. */
uint64_t checkpoint_module_id(const fsabi_module *mod);

/* Writes C to PATH (through a temporary file and a rename, so an existing checkpoint
 * is never half-overwritten). Returns 0, or -1 with a message in ERR. */
int checkpoint_write(const char *path, const checkpoint *c, char *err, size_t errlen);

/* Reads PATH into C. Returns 0, or -1 with a message naming PATH in ERR. */
int checkpoint_read(const char *path, checkpoint *c, char *err, size_t errlen);

void checkpoint_free(checkpoint *c);

#endif
