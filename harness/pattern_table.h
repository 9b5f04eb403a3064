/* harness/pattern_table.h: how many trials gave each per-function pattern of block counts. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PATTERN_TABLE_H
#define FREQSYS_PATTERN_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* A pattern is what one function did in one trial: the sparse vector of its nonzero
 * block counts, as (block offset within the function, count) pairs. A worker sees
 * few distinct patterns per function, so counting trials per (function, pattern) costs
 * one hash probe per function run, where a histogram per block costs one cache miss
 * per block. The table is later expanded into per-block histograms.
 *
 * Slots keep a 64-bit hash, so a probe reads a pattern's words only on a hash match;
 * the patterns themselves live one after another in a single growing arena, chained
 * per function so the expansion visits each function's blocks together. */
typedef struct pattern_table_slot {
    uint64_t hash;
    uint64_t at; /* 1 + the arena word where the pattern starts; 0: empty */
} pattern_table_slot;

typedef struct pattern_table {
    pattern_table_slot *slots;
    size_t capacity, count; /* slots allocated (a power of two) and filled */
    uint64_t *arena;
    size_t arena_len, arena_cap; /* in 64-bit words */
    uint64_t *heads;             /* [nheads] 1 + a function's last pattern; 0: none */
    size_t nheads;
    uint32_t *functions; /* functions with a pattern, in first-added order */
    size_t nfunctions, functions_cap;
    uint64_t hash_mask; /* all ones; fewer bits force equal hashes (tests) */
} pattern_table;

/* An empty table that holds no memory. Can't fail. */
void pattern_table_init(pattern_table *t);

/* Releases every allocation; the table is then empty, as after init. */
void pattern_table_free(pattern_table *t);

/* Empties the table, keeping its memory for the next patterns. Can't fail. */
void pattern_table_reset(pattern_table *t);

/* Counts one more trial in which function FUNCTION (whose blocks start at the
 * absolute index FIRST_BLOCK) ran block FIRST_BLOCK + OFFSETS[i] VALUES[i] times,
 * for i < N, and no other of its blocks. The offsets are distinct and the values
 * nonzero; two patterns are the same when they list the same pairs in the same order,
 * which holds when callers list offsets in increasing order, as the worker does. N = 0
 * is a no-op. Returns 0, or -1 when memory ran out (the table is then unchanged). */
int pattern_table_add(pattern_table *t, uint32_t function, uint32_t first_block, const uint32_t *offsets,
                      const uint64_t *values, uint32_t n);

/* The same as pattern_table_add, in three steps for callers that add many patterns
 * at once: the hash of each, then pattern_table_prefetch for each (a hint to the
 * cache, which changes nothing), then pattern_table_add_hashed for each. The slots
 * and patterns of a big table are cold; asked for together, their cache misses
 * overlap instead of following one another. */
uint64_t pattern_table_hash(const pattern_table *t, uint32_t function, const uint32_t *offsets,
                            const uint64_t *values, uint32_t n);
/* Stage 1 asks for the slot of HASH; stage 2 (once the slot is there) for the
 * N-pair pattern it points to, when its hash matches. */
void pattern_table_prefetch(const pattern_table *t, uint64_t hash, int stage, uint32_t n);
int pattern_table_add_hashed(pattern_table *t, uint64_t hash, uint32_t function, uint32_t first_block,
                             const uint32_t *offsets, const uint64_t *values, uint32_t n);

/* Calls FN(block, value, trials, CTX) for every pair of every pattern, block being
 * absolute, the patterns of one function one after another. A block appears once per
 * pattern that ran it, so the calls for one block add up to its histogram. Can't fail. */
void pattern_table_each(const pattern_table *t,
                        void (*fn)(uint32_t block, uint64_t value, uint64_t trials, void *ctx), void *ctx);

/* Bytes the table holds (slots, arena and per-function lists), kept until free. */
size_t pattern_table_bytes(const pattern_table *t);

/* Distinct (function, pattern) keys in the table. */
size_t pattern_table_count(const pattern_table *t);

#endif
