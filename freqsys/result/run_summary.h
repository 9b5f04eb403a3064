/* freqsys/result/run_summary.h: the line `freqsys run` closes with on stderr, so a result written to a file
 * still shows its verdict. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_SUMMARY_H
#define FREQSYS_RUN_SUMMARY_H

#include <stdio.h>
#include "result.h"

/* Writes one line to OUT: converged or not (and why not), the blocks settled or open
 * against the precision and confidence, the trials, the time, and WRITTEN_TO (the
 * result's file; NULL: standard output, left unsaid). Can't fail. */
void run_summary_print(const result *r, const char *written_to, FILE *out);

#endif
