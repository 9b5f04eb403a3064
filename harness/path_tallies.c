/* harness/path_tallies.c: the tallies of hashed paths, found by function and id as the trials show them. */
/* SPDX-License-Identifier: MIT */
#include "path_tallies.h"

#include <stdlib.h>
#include <string.h>

void path_tallies_init(path_tallies *p) {
    memset(p, 0, sizeof *p);
}

void path_tallies_free(path_tallies *p) {
    for (size_t k = 0; k < p->n; k++) tally_free(&p->items[k].t);
    free(p->items);
    free(p->index);
    free(p->lost);
    memset(p, 0, sizeof *p);
}

static size_t slot_of(uint32_t function, uint64_t id, size_t cap) {
    uint64_t h = (id ^ ((uint64_t)function << 40) ^ function) * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 20) & (cap - 1);
}

/* Rebuilds the index for CAP slots (a power of two, more than twice the items). */
static int reindex(path_tallies *p, size_t cap) {
    uint32_t *index = calloc(cap, sizeof *index);
    if (!index) return -1;
    for (size_t k = 0; k < p->n; k++) {
        size_t i = slot_of(p->items[k].function, p->items[k].id, cap);
        while (index[i]) i = (i + 1) & (cap - 1);
        index[i] = (uint32_t)(k + 1);
    }
    free(p->index);
    p->index = index;
    p->index_cap = cap;
    return 0;
}

const path_tally *path_tallies_lookup(const path_tallies *p, uint32_t function, uint64_t id) {
    if (!p->index_cap) return NULL;
    for (size_t i = slot_of(function, id, p->index_cap); p->index[i]; i = (i + 1) & (p->index_cap - 1)) {
        const path_tally *x = &p->items[p->index[i] - 1];
        if (x->id == id && x->function == function) return x;
    }
    return NULL;
}

path_tally *path_tallies_find(path_tallies *p, uint32_t function, uint64_t id) {
    const path_tally *seen = path_tallies_lookup(p, function, id);
    if (seen) return &p->items[seen - p->items];
    if (p->n >= UINT32_MAX - 1) return NULL;
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        path_tally *items = realloc(p->items, cap * sizeof *items);
        if (!items) return NULL;
        p->items = items;
        p->cap = cap;
    }
    if (2 * (p->n + 1) >= p->index_cap && reindex(p, p->index_cap ? 2 * p->index_cap : 256) != 0) return NULL;
    path_tally *x = &p->items[p->n];
    x->id = id;
    x->function = function;
    x->first_trial = UINT64_MAX;
    tally_init(&x->t);
    size_t i = slot_of(function, id, p->index_cap);
    while (p->index[i]) i = (i + 1) & (p->index_cap - 1);
    p->index[i] = (uint32_t)(++p->n);
    return x;
}

tally *path_tallies_get(path_tallies *p, uint32_t function, uint64_t id) {
    path_tally *x = path_tallies_find(p, function, id);
    return x ? &x->t : NULL;
}

void path_tallies_seen(path_tally *x, uint64_t trial) {
    if (trial < x->first_trial) x->first_trial = trial;
}

int path_tallies_lose(path_tallies *p, uint32_t function, uint64_t trials) {
    for (size_t k = 0; k < p->nlost; k++)
        if (p->lost[k].function == function) {
            p->lost[k].trials += trials;
            return 0;
        }
    if (p->nlost == p->lost_cap) {
        size_t cap = p->lost_cap ? 2 * p->lost_cap : 8;
        path_lost *lost = realloc(p->lost, cap * sizeof *lost);
        if (!lost) return -1;
        p->lost = lost;
        p->lost_cap = cap;
    }
    p->lost[p->nlost++] = (path_lost){function, trials};
    return 0;
}

uint64_t path_tallies_lost(const path_tallies *p, uint32_t function) {
    for (size_t k = 0; k < p->nlost; k++)
        if (p->lost[k].function == function) return p->lost[k].trials;
    return 0;
}

int path_tallies_merge(path_tallies *dst, const path_tallies *src) {
    for (size_t k = 0; k < src->n; k++) {
        path_tally *x = path_tallies_find(dst, src->items[k].function, src->items[k].id);
        if (!x || tally_merge(&x->t, &src->items[k].t) != 0) return -1;
        path_tallies_seen(x, src->items[k].first_trial);
    }
    for (size_t k = 0; k < src->nlost; k++)
        if (path_tallies_lose(dst, src->lost[k].function, src->lost[k].trials) != 0) return -1;
    return 0;
}

static int by_function_then_id(const void *a, const void *b) {
    const path_tally *x = a, *y = b;
    if (x->function != y->function) return x->function < y->function ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int by_lost_function(const void *a, const void *b) {
    const path_lost *x = a, *y = b;
    return x->function < y->function ? -1 : x->function > y->function;
}

int path_tallies_sort(path_tallies *p) {
    if (p->n) qsort(p->items, p->n, sizeof *p->items, by_function_then_id);
    if (p->nlost) qsort(p->lost, p->nlost, sizeof *p->lost, by_lost_function);
    return p->index_cap ? reindex(p, p->index_cap) : 0;
}

typedef struct bin_writer {
    int (*put)(const wire_bin *b, void *ctx);
    void *ctx;
    int rc;
} bin_writer;

static void put_count(uint64_t value, uint64_t trials, void *ctx) {
    bin_writer *w = ctx;
    wire_bin b = {0, WIRE_BIN_PATH_COUNT, value, trials};
    if (!w->rc) w->rc = w->put(&b, w->ctx);
}

int path_tallies_put_bins(const path_tallies *p, uint32_t head_kind, int (*put)(const wire_bin *b, void *ctx),
                          void *ctx) {
    bin_writer w = {put, ctx, 0};
    for (size_t k = 0; k < p->n && !w.rc; k++) {
        uint64_t first = p->items[k].first_trial;
        wire_bin head = {p->items[k].function, head_kind, p->items[k].id,
                         first == UINT64_MAX ? 0 : first + 1};
        w.rc = put(&head, ctx);
        if (!w.rc) tally_each(&p->items[k].t, put_count, &w);
    }
    for (size_t k = 0; k < p->nlost && !w.rc; k++) {
        wire_bin lost = {p->lost[k].function, WIRE_BIN_PATH_LOST, 0, p->lost[k].trials};
        w.rc = put(&lost, ctx);
    }
    return w.rc;
}

int path_tallies_add_bin(path_tallies *p, const wire_bin *b, tally **current) {
    switch (b->pad) {
    case WIRE_BIN_PATH:
    case WIRE_BIN_RUN_PATH: {
        path_tally *x = path_tallies_find(p, b->block, b->value);
        if (x && b->trials) path_tallies_seen(x, b->trials - 1);
        *current = x ? &x->t : NULL;
        return *current ? 0 : -1;
    }
    case WIRE_BIN_PATH_COUNT:
        return *current ? tally_add(*current, b->value, b->trials) : -1;
    case WIRE_BIN_PATH_LOST:
        return path_tallies_lose(p, b->block, b->trials);
    default:
        return -1;
    }
}
