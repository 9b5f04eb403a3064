/* freqsys/transform/ptr_map.h: a hash map from LLVM object pointers to indices. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PTR_MAP_H
#define FREQSYS_PTR_MAP_H

#include <stddef.h>

typedef struct ptr_map {
    const void **keys;
    unsigned *values;
    size_t count, capacity; /* capacity: a power of two, or 0 */
} ptr_map;

/* Sets KEY to VALUE. Returns 0, or -1 when memory ran out. */
int ptr_map_put(ptr_map *m, const void *key, unsigned value);

/* The value of KEY, or -1 when absent. */
long long ptr_map_get(const ptr_map *m, const void *key);

void ptr_map_free(ptr_map *m);

#endif
