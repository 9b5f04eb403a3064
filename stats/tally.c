/* stats/tally.c: exact per-block histograms and power sums, and their moments. */
/* SPDX-License-Identifier: MIT */
#include "tally.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define U128_MAX     (~(unsigned __int128)0)
#define MIN_CAPACITY 8u

/* Saturating 128-bit arithmetic: all ones means "did not fit" and stays so. */
static unsigned __int128 sadd(unsigned __int128 a, unsigned __int128 b) {
    unsigned __int128 r;
    if (a == U128_MAX || b == U128_MAX || __builtin_add_overflow(a, b, &r)) return U128_MAX;
    return r;
}

static unsigned __int128 smul(unsigned __int128 a, unsigned __int128 b) {
    unsigned __int128 r;
    if (a == U128_MAX || b == U128_MAX || __builtin_mul_overflow(a, b, &r)) return U128_MAX;
    return r;
}

/* 256-bit unsigned integers as four little-endian words, saturating the same way. */
static int full4(const uint64_t *a) {
    return (a[0] & a[1] & a[2] & a[3]) == UINT64_MAX;
}

static void fill4(uint64_t *a) {
    a[0] = a[1] = a[2] = a[3] = UINT64_MAX;
}

static void add4(uint64_t *a, const uint64_t *b) {
    uint64_t x[4];
    memcpy(x, b, sizeof x); /* a and b may be the same words */
    if (full4(a) || full4(x)) {
        fill4(a);
        return;
    }
    unsigned __int128 carry = 0;
    for (int i = 0; i < 4; i++) {
        carry += (unsigned __int128)a[i] + x[i];
        a[i] = (uint64_t)carry;
        carry >>= 64;
    }
    if (carry || full4(a)) fill4(a);
}

/* OUT = trials * value^4, exactly or saturated. */
static void pow4(uint64_t value, uint64_t trials, uint64_t *out) {
    uint64_t w[4] = {trials, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
        unsigned __int128 carry = 0;
        for (int i = 0; i < 4; i++) {
            carry += (unsigned __int128)w[i] * value;
            w[i] = (uint64_t)carry;
            carry >>= 64;
        }
        if (carry) {
            fill4(out);
            return;
        }
    }
    memcpy(out, w, sizeof w);
    if (full4(out)) fill4(out);
}

static long double ld4(const uint64_t *a) {
    long double r = 0.0L;
    for (int i = 3; i >= 0; i--) r = ldexpl(r, 64) + (long double)a[i];
    return r;
}

/* Fibonacci hashing: counts are small and clustered, the multiply spreads them. */
static uint32_t slot_of(uint64_t value, uint32_t capacity) {
    int bits = __builtin_ctz(capacity);
    return (uint32_t)((value * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

/* The bin holding VALUE, or the empty bin where it would go. Needs capacity > 0. */
static tally_bin *find(tally_bin *bins, uint32_t capacity, uint64_t value) {
    uint32_t mask = capacity - 1, i = slot_of(value, capacity);
    while (bins[i].value != 0 && bins[i].value != value) i = (i + 1) & mask;
    return &bins[i];
}

/* Makes room for WANT bins at a load of at most 3/4. Returns 0, or -1 (unchanged). */
static int reserve(tally *t, uint32_t want) {
    uint32_t cap = t->capacity ? t->capacity : MIN_CAPACITY;
    while ((uint64_t)want * 4 > (uint64_t)cap * 3) cap *= 2;
    if (cap == t->capacity) return 0;
    tally_bin *bins = calloc(cap, sizeof *bins);
    if (!bins) return -1;
    for (uint32_t i = 0; i < t->capacity; i++)
        if (t->bins[i].value) *find(bins, cap, t->bins[i].value) = t->bins[i];
    free(t->bins);
    t->bins = bins;
    t->capacity = cap;
    return 0;
}

/* Exact sum of trials * value^4 over the histogram of T (order does not matter). */
static void hist_s4(const tally *t, uint64_t *out) {
    memset(out, 0, 4 * sizeof *out);
    for (uint32_t i = 0; i < t->capacity; i++) {
        if (!t->bins[i].value) continue;
        uint64_t x[4];
        pow4(t->bins[i].value, t->bins[i].trials, x);
        add4(out, x);
    }
}

/* Drops the histogram, keeping only the sums (x^4 taken from the histogram first). */
static void to_overflow(tally *t) {
    hist_s4(t, t->s4x);
    t->s4 = ld4(t->s4x);
    free(t->bins);
    t->bins = NULL;
    t->nbins = t->capacity = 0;
    t->overflowed = 1;
}

static void add_sums(tally *t, uint64_t value, uint64_t trials) {
    unsigned __int128 v = value, k = trials, x2, x3;
    if (value <= 0x1FFFFF && trials <= UINT32_MAX) {
        x2 = v * v * k; /* v^3 < 2^63 and k < 2^32: no overflow */
        x3 = v * v * v * k;
    } else {
        x2 = smul(v * v, k);
        x3 = smul(smul(v * v, v), k);
    }
    t->s1 = sadd(t->s1, v * k);
    t->s2 = sadd(t->s2, x2);
    t->s3 = sadd(t->s3, x3);
    if (t->hits == 0 || value < t->min_nonzero) t->min_nonzero = value;
    if (value > t->max) t->max = value;
    t->hits += trials;
}

void tally_init(tally *t) {
    memset(t, 0, sizeof *t);
}

void tally_free(tally *t) {
    free(t->bins);
    tally_init(t);
}

void tally_reset(tally *t) {
    tally_bin *bins = t->bins;
    uint32_t cap = t->capacity;
    if (bins) memset(bins, 0, (size_t)cap * sizeof *bins);
    tally_init(t);
    t->bins = bins;
    t->capacity = cap;
}

int tally_count(tally *t, uint64_t value) {
    return tally_count_many(t, value, 1);
}

int tally_count_many(tally *t, uint64_t value, uint64_t trials) {
    if (value == 0 || trials == 0) return 0;
    tally_bin *b = t->capacity ? find(t->bins, t->capacity, value) : NULL;
    if (b && b->value == value) {
        b->trials += trials;
    } else {
        if (t->nbins == TALLY_MAX_DISTINCT || reserve(t, t->nbins + 1) < 0) return -1;
        b = find(t->bins, t->capacity, value);
        b->value = value;
        b->trials = trials;
        t->nbins++;
    }
    t->hits += trials;
    return 0;
}

void tally_prefetch(const tally *t, uint64_t value) {
    if (t->capacity) __builtin_prefetch(&t->bins[slot_of(value, t->capacity)]);
}

int tally_add(tally *t, uint64_t value, uint64_t trials) {
    if (value == 0 || trials == 0) return 0; /* zeros are implicit */
    if (!t->overflowed) {
        tally_bin *b = t->capacity ? find(t->bins, t->capacity, value) : NULL;
        if (b && b->value == value) {
            b->trials += trials; /* the hot path: no allocation */
        } else if (t->nbins == TALLY_MAX_DISTINCT) {
            to_overflow(t);
        } else {
            if (reserve(t, t->nbins + 1) < 0) return -1;
            b = find(t->bins, t->capacity, value);
            b->value = value;
            b->trials = trials;
            t->nbins++;
        }
    }
    add_sums(t, value, trials);
    if (t->overflowed) {
        uint64_t x[4];
        pow4(value, trials, x);
        add4(t->s4x, x);
        t->s4 = ld4(t->s4x);
    }
    return 0;
}

static void merge_sums(tally *dst, const tally *src, const uint64_t *src4) {
    dst->s1 = sadd(dst->s1, src->s1);
    dst->s2 = sadd(dst->s2, src->s2);
    dst->s3 = sadd(dst->s3, src->s3);
    if (dst->overflowed) {
        add4(dst->s4x, src4);
        dst->s4 = ld4(dst->s4x);
    }
    if (dst->hits == 0 || src->min_nonzero < dst->min_nonzero) dst->min_nonzero = src->min_nonzero;
    if (src->max > dst->max) dst->max = src->max;
    dst->hits += src->hits;
}

int tally_merge(tally *dst, const tally *src) {
    if (src->hits == 0) return 0;
    uint64_t src4[4] = {0, 0, 0, 0};
    if (!dst->overflowed && !src->overflowed) {
        uint32_t fresh = 0; /* values of SRC that DST lacks */
        for (uint32_t i = 0; i < src->capacity; i++) {
            uint64_t v = src->bins[i].value;
            if (v && (!dst->capacity || find(dst->bins, dst->capacity, v)->value != v)) fresh++;
        }
        if ((uint64_t)dst->nbins + fresh <= TALLY_MAX_DISTINCT) {
            if (reserve(dst, dst->nbins + fresh) < 0) return -1; /* nothing changed yet */
            uint32_t cap = src->capacity;                        /* fixed now even when SRC is DST */
            for (uint32_t i = 0; i < cap; i++) {
                tally_bin s = src->bins[i];
                if (!s.value) continue;
                tally_bin *b = find(dst->bins, dst->capacity, s.value);
                if (b->value == s.value) {
                    b->trials += s.trials;
                } else {
                    *b = s;
                    dst->nbins++;
                }
            }
            merge_sums(dst, src, src4);
            return 0;
        }
    }
    /* One side has no histogram, or the union is too wide: keep sums only. */
    if (src->overflowed)
        memcpy(src4, src->s4x, sizeof src4);
    else
        hist_s4(src, src4);
    if (!dst->overflowed) to_overflow(dst);
    merge_sums(dst, src, src4);
    return 0;
}

static int by_value(const void *a, const void *b) {
    uint64_t x = ((const tally_bin *)a)->value, y = ((const tally_bin *)b)->value;
    return (x > y) - (x < y);
}

/* Calls FN on each bin in increasing value. Sorting a copy is the usual way; short
 * of memory, repeated scans for the next larger value give the same order. */
static void walk(const tally *t, void (*fn)(uint64_t, uint64_t, void *), void *ctx) {
    tally_bin *c = t->nbins ? malloc((size_t)t->nbins * sizeof *c) : NULL;
    if (c) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < t->capacity; i++)
            if (t->bins[i].value) c[k++] = t->bins[i];
        qsort(c, k, sizeof *c, by_value);
        for (uint32_t i = 0; i < k; i++) fn(c[i].value, c[i].trials, ctx);
        free(c);
        return;
    }
    uint64_t prev = 0;
    for (uint32_t done = 0; done < t->nbins; done++) {
        const tally_bin *best = NULL;
        for (uint32_t i = 0; i < t->capacity; i++) {
            const tally_bin *b = &t->bins[i];
            if (b->value > prev && (!best || b->value < best->value)) best = b;
        }
        if (!best) break;
        fn(best->value, best->trials, ctx);
        prev = best->value;
    }
}

int tally_each(const tally *t, void (*fn)(uint64_t value, uint64_t trials, void *ctx), void *ctx) {
    if (t->overflowed) return -1;
    walk(t, fn, ctx);
    return (int)t->nbins;
}

typedef struct centred {
    long double mean, m2, m3;
} centred;

static void centre(uint64_t value, uint64_t trials, void *ctx) {
    centred *c = ctx;
    long double d = (long double)value - c->mean, k = (long double)trials;
    c->m2 += k * d * d;
    c->m3 += k * fabsl(d) * d * d;
}

/* Overflow mode: mean and variance from exact sums, |m3| bounded from above. */
static void from_sums(const tally *t, uint64_t n, long double mean, tally_moments *m) {
    long double nn = (long double)n, m2sum;
    if (t->s1 == U128_MAX || t->s2 == U128_MAX) {
        m->variance = m->stddev = m->abs_m3 = INFINITY;
        return;
    }
    unsigned __int128 a = smul(n, t->s2), b = smul(t->s1, t->s1);
    if (a != U128_MAX && b != U128_MAX)
        m2sum = (long double)(a - b) / nn; /* n s2 - s1^2 >= 0 exactly */
    else
        m2sum = fmaxl((long double)t->s2 - mean * (long double)t->s1, 0.0L);
    long double m2 = m2sum / nn;
    m->variance = n > 1 ? (double)(m2sum / (nn - 1)) : 0.0;
    m->stddev = sqrt(m->variance);

    /* |X - mean| <= r, so E|X - mean|^3 <= r m2: a bound that needs no cancellation. */
    long double lo = t->hits < n ? 0.0L : (long double)t->min_nonzero;
    long double r = fmaxl((long double)t->max - mean, mean - lo);
    long double bound = r * m2;
    if (t->s3 != U128_MAX && !full4(t->s4x)) {
        /* Cauchy-Schwarz: E|Y|^3 <= sqrt(E Y^2 E Y^4). The central m4 comes from raw
         * moments by cancellation, so add a bound on its rounding error to stay above. */
        long double a2 = (long double)t->s2 / nn, a3 = (long double)t->s3 / nn;
        long double a4 = ld4(t->s4x) / nn, mu2 = mean * mean;
        long double t2 = 4 * mean * a3, t3 = 6 * mu2 * a2, t4 = 3 * mu2 * mu2;
        long double m4 = a4 - t2 + t3 - t4;
        m4 += 32 * LDBL_EPSILON * (a4 + t2 + t3 + t4);
        m4 = fmaxl(m4, m2 * m2); /* E Y^4 >= (E Y^2)^2 */
        bound = fminl(bound, sqrtl(m2 * m4));
    }
    m->abs_m3 = (double)bound;
}

void tally_moments_of(const tally *t, uint64_t n, tally_moments *m) {
    memset(m, 0, sizeof *m);
    if (n < t->hits) n = t->hits;
    m->n = n;
    m->hits = t->hits;
    m->max = t->max;
    m->min = t->hits == n ? t->min_nonzero : 0;
    if (n == 0 || t->hits == 0) return; /* all zeros: every moment is 0 */

    /* The mean from the exact sum: whole part and remainder, both exact. */
    unsigned __int128 q = t->s1 / n, r = t->s1 % n;
    long double mean = (long double)q + (long double)r / (long double)n;
    m->mean = (double)mean;
    if (t->overflowed) {
        from_sums(t, n, mean, m);
        return;
    }
    /* Second pass over the zeros, then the bins in increasing value: a fixed order,
     * so the rounding, and with it the result, depends on the multiset alone. */
    long double zeros = (long double)(n - t->hits);
    centred c = {mean, zeros * mean * mean, zeros * mean * mean * mean};
    walk(t, centre, &c);
    m->variance = n > 1 ? (double)(c.m2 / (long double)(n - 1)) : 0.0;
    m->stddev = sqrt(m->variance);
    m->abs_m3 = (double)(c.m3 / (long double)n);
}
