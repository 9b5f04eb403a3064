/* freqsys/report/function_blocks.c: where one function's blocks lie in a result. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <stdint.h>
#include <string.h>

int result_function_blocks(const result *r, const char *function, size_t *first, size_t *end) {
    *first = SIZE_MAX;
    *end = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function)) {
            if (*first == SIZE_MAX) *first = i;
            *end = i + 1;
        }
    return *first != SIZE_MAX;
}
