/* freqsys/export/native_runs.h: runs a native program once per input file, each with a time limit, without a
 * shell. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_NATIVE_RUNS_H
#define FREQSYS_NATIVE_RUNS_H

#include <stddef.h>

/* Runs PROG once for each of the files FROM to FROM + COUNT - 1 (in name order) of
 * folder IN_DIR (fewer where it has fewer), with that file as its
 * standard input and its output thrown away; a run still going after LIMIT_S seconds
 * of wall-clock time is killed. A run's exit status is the program's business. Stops
 * at Ctrl-C. Returns the number of runs, or -1 with ERR saying why (the folder
 * unreadable, a program that cannot be started, an interrupt). */
long native_runs(const char *prog, const char *in_dir, size_t from, size_t count, double limit_s, char *err,
                 size_t errlen);

#endif
