/* freqsys/export/block_lines.h: every block's lines and discriminators, from the program compiled as clang's
 * front end emits it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_BLOCK_LINES_H
#define FREQSYS_BLOCK_LINES_H

#include <stddef.h>
#include "result.h"

/* Compiles the program of SPEC_PATH (the spec R came from) with the spec's flags but
 * those that add profile counters, matches its blocks to R's, and lists in *OUT every
 * place of each block's code (block_position: the lines of the function's file, clang's
 * and GCC's discriminators, direct calls). Returns 0, or -1 with ERR saying why (the
 * spec or a source missing, blocks that do not match R's). */
int block_lines_compute(const result *r, const char *spec_path, block_lines *out, char *err, size_t errlen);

void block_lines_free(block_lines *b);

#endif
