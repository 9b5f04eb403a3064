/* harness/enumerate_paths.c: an enumeration's hashed paths, their runs weighted by each combination's
 * probability. */
/* SPDX-License-Identifier: MIT */
#include "enumerate_paths.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct path_sums {
    uint64_t id;
    uint32_t function, pad;
    long double s1, s2, reach; /* sums of w c, w c^2 and w over the runs that took it */
    uint64_t hits, min_nonzero, max;
} path_sums;

struct enumerate_paths {
    uint64_t n;       /* records in use */
    uint32_t *index;  /* the child's own: record + 1, 0 free; 2 ENUMERATE_MAX_PATHS slots */
    path_sums sums[]; /* [ENUMERATE_MAX_PATHS] */
};

#define INDEX_SLOTS (2 * (size_t)ENUMERATE_MAX_PATHS)

size_t enumerate_paths_bytes(void) {
    return sizeof(enumerate_paths) + ENUMERATE_MAX_PATHS * sizeof(path_sums);
}

enumerate_paths *enumerate_paths_at(void *mem) {
    return mem;
}

static size_t slot_of(uint32_t function, uint64_t id) {
    uint64_t h = (id ^ ((uint64_t)function << 40) ^ function) * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 20) & (INDEX_SLOTS - 1);
}

/* Path ID of FUNCTION's record, made when new; NULL when S is full. */
static path_sums *record_of(enumerate_paths *s, uint32_t function, uint64_t id) {
    size_t i = slot_of(function, id);
    for (; s->index[i]; i = (i + 1) & (INDEX_SLOTS - 1)) {
        path_sums *x = &s->sums[s->index[i] - 1];
        if (x->id == id && x->function == function) return x;
    }
    if (s->n == ENUMERATE_MAX_PATHS) return NULL;
    path_sums *x = &s->sums[s->n];
    memset(x, 0, sizeof *x);
    x->id = id;
    x->function = function;
    s->index[i] = (uint32_t)++s->n;
    return x;
}

int enumerate_paths_take(enumerate_paths *s, const fsabi_module *mod, long double w, int keep, char *why,
                         size_t whylen) {
    fsabi_path_table *table = mod->path_table;
    if (!keep) {
        fsabi_path_table_clear(table);
        return 0;
    }
    if (table->nlost) {
        snprintf(why, whylen, "a run takes more than %u distinct hashed paths, the per-run table's room",
                 FSABI_PATH_TABLE_LIMIT);
        fsabi_path_table_clear(table);
        return 1;
    }
    if (!s->index && !(s->index = calloc(INDEX_SLOTS, sizeof *s->index))) return -1;
    for (uint32_t k = 0; k < table->nused; k++) {
        const fsabi_path_slot *slot = &table->slots[table->used[k]];
        path_sums *x = record_of(s, slot->function, slot->id);
        if (!x) {
            snprintf(why, whylen, "the runs take more than %u distinct hashed paths", ENUMERATE_MAX_PATHS);
            fsabi_path_table_clear(table);
            return 1;
        }
        long double v = (long double)slot->count;
        x->s1 += w * v;
        x->s2 += w * v * v;
        x->reach += w;
        x->hits++;
        if (!x->min_nonzero || slot->count < x->min_nonzero) x->min_nonzero = slot->count;
        if (slot->count > x->max) x->max = slot->count;
    }
    fsabi_path_table_clear(table);
    return 0;
}

void enumerate_paths_done(enumerate_paths *s) {
    free(s->index);
    s->index = NULL;
}

static int by_function_then_id(const void *a, const void *b) {
    const enumerate_path *x = a, *y = b;
    if (x->function != y->function) return x->function < y->function ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

int enumerate_paths_result(const enumerate_paths *s, uint64_t combinations, long double weight,
                           enumerate_path **out, size_t *n) {
    size_t count = s->n <= ENUMERATE_MAX_PATHS ? (size_t)s->n : 0;
    *n = 0;
    *out = calloc(count + 1, sizeof **out);
    if (!*out) return -1;
    for (size_t k = 0; k < count; k++) {
        const path_sums *x = &s->sums[k];
        long double m = x->s1 / weight, m2 = x->s2 / weight, var = m2 - m * m;
        (*out)[k] = (enumerate_path){
            .function = x->function,
            .id = x->id,
            .mean = (double)m,
            .stddev = var > 0 ? (double)sqrtl(var) : 0.0,
            .p_reached = (double)(x->reach / weight),
            .min = x->hits == combinations ? x->min_nonzero : 0,
            .max = x->max,
            .hits = x->hits,
        };
    }
    qsort(*out, count, sizeof **out, by_function_then_id);
    *n = count;
    return 0;
}
