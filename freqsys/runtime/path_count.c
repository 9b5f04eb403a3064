/* freqsys/runtime/path_count.c: the call a hashed path's end makes, counting it in the module's per-trial
 * path table. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include "freqsys/abi.h"

void freqsys_rt_path_count(fsabi_path_table *table, uint32_t function, uint64_t id, uint64_t weight);

/* WEIGHT 0 is a call site's branch-free "no path ended here" (see transform/paths.c). */
void freqsys_rt_path_count(fsabi_path_table *table, uint32_t function, uint64_t id, uint64_t weight) {
    if (weight) fsabi_path_table_count(table, function, id);
}
