/* freqsys/result/run_files.h: the files a run read, as digests in its result, and whether they changed since.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_FILES_H
#define FREQSYS_RUN_FILES_H

#include <stddef.h>
#include <stdio.h>
#include "result.h"
#include "spec.h"

/* The digests of the spec and of each of its sources, as a run took them when it
 * built its program (a run can take long; an edit during it must not count). */
typedef struct run_files {
    char *spec_sha256;
    result_file_digest *sources;
    size_t nsources;
} run_files;

/* The SHA-256 of the spec at SPEC_PATH and of each source of S (parsed from it) into
 * *OUT, each source named as the spec resolves it (relative to the spec's folder when
 * inside it). Returns 0, or -1 with ERR naming a file that could not be read (*OUT is
 * then empty). */
int run_files_take(const char *spec_path, const spec *s, run_files *out, char *err, size_t errlen);

/* Moves F's digests into R (replacing none: R has none before), leaving F empty. */
void run_files_give(run_files *f, result *r);

void run_files_free(run_files *f);

/* Before COMMAND ("plan", "report") builds R's program again from the spec at
 * SPEC_PATH, parsed as S: whether the files are those the run read. When they are,
 * or R records no digests (a result written before they were; a warning says that a
 * change would go unnoticed), returns 0. When one changed, is new or is gone, says
 * which on OUT and returns -1; with ALLOW_CHANGED, warns instead that DOING
 * ("planning", "exporting") goes on from the files as they are now, and returns 0.
 * RESULT_PATH names R in the messages. */
int run_files_check(const result *r, const char *result_path, const char *spec_path, const spec *s,
                    int allow_changed, const char *command, const char *doing, FILE *out);

#endif
