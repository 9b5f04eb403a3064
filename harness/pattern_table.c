/* harness/pattern_table.c: trials counted per (function, pattern of block counts), in one hash table. */
/* SPDX-License-Identifier: MIT */
#include "pattern_table.h"

#include <stdlib.h>
#include <string.h>

#define MIN_SLOTS 64u

/* A pattern in the arena: HEADER words, then its N values, then its N offsets packed
 * two per word. The trial count sits in the pattern, not in the slot, so the slots
 * stay 16 bytes: a hit reads the pattern anyway to confirm the hash match. */
enum { TRIALS, KEY, FIRST, NEXT, HEADER };

static size_t words_of(uint32_t n) {
    return HEADER + (size_t)n + ((size_t)n + 1) / 2;
}

static uint64_t key_of(uint32_t function, uint32_t n) {
    return (uint64_t)function | (uint64_t)n << 32;
}

/* The pairs are hashed independently and summed, so the multiplies of a pattern run
 * side by side rather than in one chain; the sum is then mixed once. Offsets are
 * part of each term, so moving a value to another block changes the hash. */
static uint64_t hash_of(uint32_t function, const uint32_t *offsets, const uint64_t *values, uint32_t n) {
    uint64_t h = key_of(function, n) * UINT64_C(0x9E3779B97F4A7C15);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t x =
            (values[i] + (uint64_t)offsets[i] * UINT64_C(0xD6E8FEB86659FD93)) * UINT64_C(0xA0761D6478BD642F);
        h += x ^ (x >> 29);
    }
    h ^= h >> 32;
    h *= UINT64_C(0xE7037ED1A0B428DB);
    h ^= h >> 29;
    return h;
}

/* Whether the pattern at P is the one given. Called on a hash match, which almost
 * always is the same pattern: so no early exit, just one pass over both arrays. */
static int same(const uint64_t *p, uint64_t key, const uint32_t *offsets, const uint64_t *values,
                uint32_t n) {
    if (p[KEY] != key) return 0;
    const unsigned char *stored = (const unsigned char *)(p + HEADER + n);
    uint64_t diff = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t off;
        memcpy(&off, stored + (size_t)i * sizeof off, sizeof off);
        diff |= (p[HEADER + i] ^ values[i]) | (off ^ offsets[i]);
    }
    return diff == 0;
}

/* Doubles the slots and places every pattern again. Returns 0, or -1 (unchanged). */
static int grow_slots(pattern_table *t) {
    size_t cap = t->capacity ? 2 * t->capacity : MIN_SLOTS;
    pattern_table_slot *slots = calloc(cap, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < t->capacity; i++) {
        if (!t->slots[i].at) continue;
        size_t j = t->slots[i].hash & (cap - 1);
        while (slots[j].at) j = (j + 1) & (cap - 1);
        slots[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->capacity = cap;
    return 0;
}

/* Makes room for WORDS more arena words. Returns 0, or -1 (unchanged). */
static int grow_arena(pattern_table *t, size_t words) {
    if (t->arena_cap - t->arena_len >= words) return 0;
    size_t cap = t->arena_cap ? t->arena_cap : 1024;
    while (cap - t->arena_len < words) cap *= 2;
    uint64_t *arena = realloc(t->arena, cap * sizeof *arena);
    if (!arena) return -1;
    t->arena = arena;
    t->arena_cap = cap;
    return 0;
}

/* Makes FUNCTION a valid index of heads, with room to list it once more. */
static int grow_lists(pattern_table *t, uint32_t function) {
    if (function >= t->nheads) {
        size_t n = t->nheads ? t->nheads : 64;
        while (n <= function) n *= 2;
        uint64_t *heads = realloc(t->heads, n * sizeof *heads);
        if (!heads) return -1;
        memset(heads + t->nheads, 0, (n - t->nheads) * sizeof *heads);
        t->heads = heads;
        t->nheads = n;
    }
    if (t->nfunctions == t->functions_cap) {
        size_t n = t->functions_cap ? 2 * t->functions_cap : 64;
        uint32_t *functions = realloc(t->functions, n * sizeof *functions);
        if (!functions) return -1;
        t->functions = functions;
        t->functions_cap = n;
    }
    return 0;
}

void pattern_table_init(pattern_table *t) {
    memset(t, 0, sizeof *t);
    t->hash_mask = UINT64_MAX;
}

void pattern_table_free(pattern_table *t) {
    free(t->slots);
    free(t->arena);
    free(t->heads);
    free(t->functions);
    pattern_table_init(t);
}

void pattern_table_reset(pattern_table *t) {
    if (t->count) memset(t->slots, 0, t->capacity * sizeof *t->slots);
    for (size_t k = 0; k < t->nfunctions; k++) t->heads[t->functions[k]] = 0;
    t->count = 0;
    t->arena_len = 0;
    t->nfunctions = 0;
}

uint64_t pattern_table_hash(const pattern_table *t, uint32_t function, const uint32_t *offsets,
                            const uint64_t *values, uint32_t n) {
    return hash_of(function, offsets, values, n) & t->hash_mask;
}

void pattern_table_prefetch(const pattern_table *t, uint64_t hash, int stage, uint32_t n) {
    if (!t->capacity) return;
    const pattern_table_slot *s = &t->slots[hash & (t->capacity - 1)];
    if (stage == 1) {
        __builtin_prefetch(s);
    } else if (s->at && s->hash == hash) {
        /* a pattern of ten pairs spans three cache lines: ask for each */
        const char *p = (const char *)(t->arena + s->at - 1), *end = p + words_of(n) * sizeof(uint64_t);
        for (; p < end; p += 64) __builtin_prefetch(p);
    }
}

int pattern_table_add(pattern_table *t, uint32_t function, uint32_t first_block, const uint32_t *offsets,
                      const uint64_t *values, uint32_t n) {
    return pattern_table_add_hashed(t, pattern_table_hash(t, function, offsets, values, n), function,
                                    first_block, offsets, values, n);
}

int pattern_table_add_hashed(pattern_table *t, uint64_t hash, uint32_t function, uint32_t first_block,
                             const uint32_t *offsets, const uint64_t *values, uint32_t n) {
    if (n == 0) return 0;
    uint64_t key = key_of(function, n);
    size_t mask = t->capacity - 1, i = 0;
    if (t->capacity) {
        for (i = hash & mask; t->slots[i].at; i = (i + 1) & mask) {
            uint64_t *p = t->arena + t->slots[i].at - 1;
            if (t->slots[i].hash == hash && same(p, key, offsets, values, n)) {
                p[TRIALS]++; /* the hot path: one slot and one pattern read */
                return 0;
            }
        }
    }

    /* A new pattern: every allocation first, so a failure leaves the content as it was. */
    size_t words = words_of(n);
    if (grow_arena(t, words) < 0 || grow_lists(t, function) < 0) return -1;
    if (2 * (t->count + 1) > t->capacity) {
        if (grow_slots(t) < 0) return -1;
        mask = t->capacity - 1;
        for (i = hash & mask; t->slots[i].at; i = (i + 1) & mask) {
        }
    }

    size_t at = t->arena_len;
    uint64_t *p = t->arena + at;
    p[TRIALS] = 1;
    p[KEY] = key;
    p[FIRST] = first_block;
    p[NEXT] = t->heads[function];
    memcpy(p + HEADER, values, (size_t)n * sizeof *values);
    p[words - 1] = 0; /* the pad half of an odd offset count */
    memcpy(p + HEADER + n, offsets, (size_t)n * sizeof *offsets);
    t->arena_len += words;
    if (!t->heads[function]) t->functions[t->nfunctions++] = function;
    t->heads[function] = at + 1;
    t->slots[i] = (pattern_table_slot){hash, at + 1};
    t->count++;
    return 0;
}

void pattern_table_each(const pattern_table *t,
                        void (*fn)(uint32_t block, uint64_t value, uint64_t trials, void *ctx), void *ctx) {
    for (size_t k = 0; k < t->nfunctions; k++) {
        for (uint64_t at = t->heads[t->functions[k]]; at;) {
            const uint64_t *p = t->arena + at - 1;
            if (p[NEXT]) __builtin_prefetch(t->arena + p[NEXT] - 1); /* the chain jumps about the arena */
            uint32_t n = (uint32_t)(p[KEY] >> 32);
            const unsigned char *offsets = (const unsigned char *)(p + HEADER + n);
            for (uint32_t i = 0; i < n; i++) {
                uint32_t off;
                memcpy(&off, offsets + (size_t)i * sizeof off, sizeof off);
                fn((uint32_t)p[FIRST] + off, p[HEADER + i], p[TRIALS], ctx);
            }
            at = p[NEXT];
        }
    }
}

size_t pattern_table_bytes(const pattern_table *t) {
    return t->capacity * sizeof *t->slots + t->arena_cap * sizeof *t->arena + t->nheads * sizeof *t->heads +
           t->functions_cap * sizeof *t->functions;
}

size_t pattern_table_count(const pattern_table *t) {
    return t->count;
}
