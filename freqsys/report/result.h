/* freqsys/report/result.h: the result of a run, as written to and read from JSON. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RESULT_H
#define FREQSYS_RESULT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One basic block's estimate. "mean" is expected executions per run (program mode)
 * or per call (function mode). */
typedef struct result_block {
    char *function;
    char *block;          /* IR label, e.g. "while.body" */
    char *file;           /* source file of the block's first located instruction, or "" */
    int line;             /* first source line, 0 when unknown */
    double mean, stddev, half_width;
    uint64_t min, max;
    uint64_t hits;        /* trials in which the block ran at least once */
    char *status;         /* "converged" | "constant" | "rare" | "not_converged" */
    char *method;         /* "clt" | "observed" | "binomial" */
    double p_upper;       /* rare blocks: upper bound on P(reached); else 0 */
    uint32_t *successors; /* CFG successors: indices into result.blocks */
    size_t nsuccessors;
    char **callees;       /* functions this block calls directly, once per call site */
    size_t ncallees;
} result_block;

/* A function of the program: where it is declared (sample profiles count lines
 * from there). */
typedef struct result_function {
    char *name;
    char *file;
    int line;             /* the declarator's line, 0 when unknown */
} result_function;

/* A trial that crashed or timed out, kept so the user can replay it. */
typedef struct result_failure {
    uint64_t trial;
    char *kind;           /* "crash" | "timeout" */
    int signal;           /* crash: the signal number */
} result_failure;

typedef struct result {
    char *spec;           /* the spec file as given */
    char *mode;           /* "program" | "function" */
    char *entry;          /* "main" or the function's name */
    double epsilon;
    int relative;
    double confidence;
    uint64_t seed;
    uint64_t trials;      /* trials run and used for the decision (0..trials-1) */
    uint64_t crashes, timeouts;
    int converged;        /* every block settled */
    int interrupted;      /* stopped by a signal before the rule decided */
    double elapsed_s;     /* timing fields: may differ between identical runs */
    double trials_per_s;
    int jobs;
    result_block *blocks;
    size_t nblocks;
    result_failure *failures;   /* the first few */
    size_t nfailures;
    result_function *functions;
    size_t nfunctions;
} result;

/* Frees everything the result owns, and the result itself; NULL is fine. */
void result_free(result *r);

/* Writers. Each returns 0, or -1 with errno set when writing failed. */
int result_write_json(const result *r, FILE *out);
int result_write_text(const result *r, FILE *out);   /* aligned table with a header */
int result_write_csv(const result *r, FILE *out);    /* RFC 4180, one row per block */

/* Reads a result JSON file. Returns NULL and writes a message naming PATH (and the
 * line and column for malformed JSON) into ERR on failure. */
result *result_read_json(const char *path, char *err, size_t errlen);

/* Picks a writer by name: "text", "json", "csv". Returns -1 and sets errno to EINVAL
 * for an unknown format. */
int result_write(const result *r, const char *format, FILE *out);

#endif
