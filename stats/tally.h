/* stats/tally.h: exact per-block counts over trials, mergeable in any order. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TALLY_H
#define FREQSYS_TALLY_H

#include <stddef.h>
#include <stdint.h>

/* A tally of one block keeps, for the trials that reached it, how many trials had
 * each per-trial execution count (a sparse histogram: counts are small integers with
 * few distinct values). Trials that did not reach the block are implicit: the caller
 * knows how many trials there were. Everything is an integer, so merging tallies in
 * any order gives the same tally, bit for bit.
 *
 * When a block shows more distinct counts than TALLY_MAX_DISTINCT, the tally stops
 * keeping the histogram and keeps exact power sums instead; the third absolute
 * central moment is then bounded by sqrt(m2 * m4), which is conservative. The sums
 * are exact integers too (x^4 in 256 bits), so overflow mode is order-independent as
 * well. A sum that would not fit saturates to all ones; the moments then fail safe
 * (see tally_moments_of). */
#define TALLY_MAX_DISTINCT 4096

typedef struct tally_bin {
    uint64_t value, trials;
} tally_bin;

typedef struct tally {
    tally_bin *bins;          /* open-addressing table of nonzero values, or NULL */
    uint32_t nbins, capacity; /* used and allocated slots (capacity a power of two) */
    int overflowed;           /* 1: histogram dropped, only the sums below are kept */
    uint64_t hits;            /* trials with a nonzero count */
    uint64_t max, min_nonzero;
    unsigned __int128 s1, s2, s3; /* sums of x, x^2, x^3 over trials (all-ones: too big) */
    long double s4;               /* sum of x^4 rounded, kept in overflow mode only */
    uint64_t s4x[4];              /* the same sum exactly (256 bits, little-endian words) */
} tally;

void tally_init(tally *t);
void tally_free(tally *t);
void tally_reset(tally *t); /* empty again, keeping its memory */

/* Records TRIALS more trials in which the block ran VALUE > 0 times. Returns 0, or -1
 * when memory ran out (the tally is then unchanged). */
int tally_add(tally *t, uint64_t value, uint64_t trials);

/* Records one more trial with VALUE in the histogram only: no sums, min or max, so
 * the tally is for tally_each alone (a worker's per-chunk histogram, where the sums
 * would be work thrown away). Returns 0, or -1 when memory ran out or the histogram
 * is full (TALLY_MAX_DISTINCT values). */
int tally_count(tally *t, uint64_t value);

/* As tally_count, for TRIALS trials that all ran the block VALUE times (several
 * trials counted at once). VALUE or TRIALS 0: a no-op. Returns 0,
 * or -1 when memory ran out or the histogram is full (the tally is then unchanged). */
int tally_count_many(tally *t, uint64_t value, uint64_t trials);

/* Asks the cache for the bin where VALUE is looked up first, so a caller with many
 * values to add can overlap their misses. Changes nothing; can't fail. */
void tally_prefetch(const tally *t, uint64_t value);

/* Adds every trial of SRC to DST. Returns 0, or -1 when memory ran out. */
int tally_merge(tally *dst, const tally *src);

/* Calls FN for each (value, trials) bin, in increasing value; returns the number of
 * bins, or -1 when the tally has overflowed (no histogram). */
int tally_each(const tally *t, void (*fn)(uint64_t value, uint64_t trials, void *ctx), void *ctx);

/* Moments of the block's per-trial count over N trials (N >= hits; the N - hits
 * trials that did not reach the block count as zeros; a smaller N is taken as hits).
 * The result is a function of the multiset of trials alone, bit for bit. Can't fail:
 * short of memory it only walks the histogram more slowly. In overflow mode, when a
 * power sum saturated, the affected moments are +infinity (never a false CLT stop). */
typedef struct tally_moments {
    uint64_t n, hits, min, max;
    double mean;
    double variance; /* unbiased, divisor n - 1 (0 when n < 2) */
    double stddev;
    double abs_m3; /* E|X - mean|^3 with divisor n (an upper bound when overflowed) */
} tally_moments;

void tally_moments_of(const tally *t, uint64_t n, tally_moments *m);

#endif
