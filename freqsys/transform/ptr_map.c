/* freqsys/transform/ptr_map.c: open-addressing hash map from pointers to indices. */
/* SPDX-License-Identifier: MIT */
#include "ptr_map.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slot_of(const void *key, size_t capacity) {
    uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull; /* Fibonacci hashing */
    return (size_t)(h >> 20) & (capacity - 1);
}

static int grow(ptr_map *m) {
    size_t cap = m->capacity ? m->capacity * 2 : 64;
    const void **keys = calloc(cap, sizeof *keys);
    unsigned *values = calloc(cap, sizeof *values);
    if (!keys || !values) {
        free(keys);
        free(values);
        return -1;
    }
    for (size_t i = 0; i < m->capacity; i++) {
        if (!m->keys[i]) continue;
        size_t s = slot_of(m->keys[i], cap);
        while (keys[s]) s = (s + 1) & (cap - 1);
        keys[s] = m->keys[i];
        values[s] = m->values[i];
    }
    free(m->keys);
    free(m->values);
    m->keys = keys;
    m->values = values;
    m->capacity = cap;
    return 0;
}

int ptr_map_put(ptr_map *m, const void *key, unsigned value) {
    if ((m->count + 1) * 2 > m->capacity && grow(m) != 0) return -1;
    size_t s = slot_of(key, m->capacity);
    while (m->keys[s] && m->keys[s] != key) s = (s + 1) & (m->capacity - 1);
    if (!m->keys[s]) {
        m->keys[s] = key;
        m->count++;
    }
    m->values[s] = value;
    return 0;
}

long long ptr_map_get(const ptr_map *m, const void *key) {
    if (!m->capacity) return -1;
    size_t s = slot_of(key, m->capacity);
    while (m->keys[s]) {
        if (m->keys[s] == key) return m->values[s];
        s = (s + 1) & (m->capacity - 1);
    }
    return -1;
}

void ptr_map_free(ptr_map *m) {
    free(m->keys);
    free(m->values);
    m->keys = NULL;
    m->values = NULL;
    m->count = m->capacity = 0;
}
