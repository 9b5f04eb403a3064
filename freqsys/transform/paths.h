/* freqsys/transform/paths.h: Ball-Larus path counters in every function whose paths fit the limit (run
 * --paths). */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PATHS_H
#define FREQSYS_PATHS_H

#include <stdint.h>
#include <llvm-c/Core.h>
#include "counters.h"
#include "path_numbering.h"
#include "transform.h"

/* The most path counters a module gets, and the most blocks their paths may list
 * in all: past them a function's paths are not counted (as with --max-paths). */
#define PATHS_MODULE_COUNTERS (1u << 20)
#define PATHS_MODULE_BLOCKS   (1u << 26)

/* One instrumented function, in the counter table's order. */
typedef struct path_function {
    unsigned *first, *succ; /* its CFG over local block indices (path_graph) */
    path_graph graph;
    path_numbering numbering;
    uint64_t total;  /* acyclic paths; PATH_NUMBERING_TOO_MANY past 64 bits */
    unsigned status; /* FSABI_PATHS_* */
    unsigned first_path, npaths;
} path_function;

typedef struct path_plan {
    uint64_t max_paths; /* 0: no paths at all */
    path_function *functions;
    size_t nfunctions;
    unsigned npaths;    /* counters they take, after the blocks' and writes' */
    unsigned nhashed;   /* functions over the limit, counted in the path table */
    LLVMValueRef table; /* the per-trial path table (paths_insert), NULL when none */
} path_plan;

/* Numbers the paths of every function counters_insert will count (call it just
 * before), holding each to MAX_PATHS (>= 1) paths and the module to
 * PATHS_MODULE_COUNTERS. Returns 0, or -1 when memory ran out. */
int paths_plan(LLVMModuleRef m, uint64_t max_paths, path_plan *p);

/* Adds to the counted functions of P the path register and its updates, and the
 * counting of each path where it ends; a function not counted becomes a warning in
 * W. T is the table counters_insert made with P->npaths extra counters. Returns 0,
 * or -1 when memory ran out. */
int paths_insert(LLVMModuleRef m, const counter_table *t, path_plan *p, transform_warnings *w);

void paths_free(path_plan *p);

#endif
