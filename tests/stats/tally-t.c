/* tests/stats/tally-t.c: checks the exact per-block tally and its moments. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tally.h"

#include <stdint.h>

/* A small fixed generator, so every sample here is the same on every machine. */
static uint64_t lcg_state;
static uint64_t lcg(void) {
    lcg_state = lcg_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return lcg_state >> 33;
}

typedef struct direct {
    long double mean, var, m3;
} direct;

/* The textbook two-pass computation over the explicit list of trials. */
static direct direct_of(const uint64_t *x, size_t n) {
    direct d = {0, 0, 0};
    for (size_t i = 0; i < n; i++) d.mean += (long double)x[i];
    d.mean /= (long double)n;
    for (size_t i = 0; i < n; i++) {
        long double e = (long double)x[i] - d.mean;
        d.var += e * e;
        d.m3 += fabsl(e) * e * e;
    }
    d.var = n > 1 ? d.var / (long double)(n - 1) : 0;
    d.m3 /= (long double)n;
    return d;
}

static int close_rel(double got, long double want, double rel) {
    return fabsl((long double)got - want) <= rel * fabsl(want) + 1e-300;
}

static void build_seq(tally *t, const uint64_t *x, size_t lo, size_t hi, int reverse) {
    for (size_t i = lo; i < hi; i++)
        if (tally_add(t, x[reverse ? hi - 1 - (i - lo) : i], 1) < 0) bail("out of memory");
}

/* Splits [lo, hi) in two until pieces are at most LEAF long, merging the pieces back
 * either into the left or into the right one: different trees, same multiset. */
static void build_tree(tally *t, const uint64_t *x, size_t lo, size_t hi, size_t leaf, int right) {
    if (hi - lo <= leaf) {
        build_seq(t, x, lo, hi, right);
        return;
    }
    size_t mid = lo + (hi - lo) / 3 + 1;
    tally a, b;
    tally_init(&a);
    tally_init(&b);
    build_tree(&a, x, lo, mid, leaf, right);
    build_tree(&b, x, mid, hi, leaf, !right);
    if (right) {
        if (tally_merge(&b, &a) < 0 || tally_merge(t, &b) < 0) bail("out of memory");
    } else {
        if (tally_merge(&a, &b) < 0 || tally_merge(t, &a) < 0) bail("out of memory");
    }
    tally_free(&a);
    tally_free(&b);
}

static int same(const tally_moments *a, const tally_moments *b) {
    return a->n == b->n && a->hits == b->hits && a->min == b->min && a->max == b->max && a->mean == b->mean &&
           a->variance == b->variance && a->stddev == b->stddev && a->abs_m3 == b->abs_m3;
}

static void shuffle(uint64_t *x, size_t n) {
    for (size_t k = n; k > 1; k--) { /* x[k - 1] swaps with one of x[0..k-1]; n 0 is fine */
        size_t j = (size_t)(lcg() % k);
        uint64_t s = x[k - 1];
        x[k - 1] = x[j];
        x[j] = s;
    }
}

/* Builds X (N trials) five ways and checks the moments are bitwise equal. */
static void check_orders(const char *what, uint64_t *x, size_t n, int want_overflow) {
    tally ref, t;
    tally_moments mr, m;
    tally_init(&ref);
    build_seq(&ref, x, 0, n, 0);
    tally_moments_of(&ref, n, &mr);
    is_int(ref.overflowed, want_overflow, "%s: overflow mode is %d", what, want_overflow);

    tally_init(&t);
    build_seq(&t, x, 0, n, 1);
    tally_moments_of(&t, n, &m);
    ok(same(&mr, &m), "%s: reversed insertion gives the same moments bit for bit", what);
    tally_free(&t);

    tally_init(&t);
    build_tree(&t, x, 0, n, 37, 0);
    tally_moments_of(&t, n, &m);
    ok(same(&mr, &m), "%s: a left-leaning merge tree gives the same moments", what);
    tally_free(&t);

    tally_init(&t);
    build_tree(&t, x, 0, n, 500, 1);
    tally_moments_of(&t, n, &m);
    ok(same(&mr, &m), "%s: a right-leaning merge tree gives the same moments", what);
    tally_free(&t);

    uint64_t *y = malloc(n * sizeof *y);
    if (!y) bail("out of memory");
    memcpy(y, x, n * sizeof *y);
    shuffle(y, n);
    tally_init(&t);
    build_tree(&t, y, 0, n, 100, 0);
    tally_moments_of(&t, n, &m);
    ok(same(&mr, &m), "%s: shuffled trials merged give the same moments", what);
    ok(t.s1 == ref.s1 && t.s2 == ref.s2 && t.s3 == ref.s3 && t.hits == ref.hits,
       "%s: ...and the same exact power sums", what);
    tally_free(&t);
    free(y);
    tally_free(&ref);
}

static void visit(uint64_t value, uint64_t trials, void *ctx) {
    uint64_t *log = ctx;
    size_t k = (size_t)log[0]++;
    log[1 + 2 * k] = value;
    log[2 + 2 * k] = trials;
}

int main(void) {
    plan(62);
    tally t;
    tally_moments m;

    /* Empty and all-zero tallies. */
    tally_init(&t);
    tally_moments_of(&t, 10, &m);
    ok(m.n == 10 && m.hits == 0 && m.mean == 0 && m.variance == 0 && m.abs_m3 == 0,
       "no hits: every moment is 0");
    is_int((long long)m.min, 0, "no hits: min is 0");

    /* add: hits, min, max, bins, zero values ignored. */
    ok(tally_add(&t, 3, 2) == 0 && tally_add(&t, 1, 1) == 0 && tally_add(&t, 3, 1) == 0, "adds succeed");
    tally_add(&t, 0, 5);
    tally_add(&t, 7, 0);
    is_int((long long)t.hits, 4, "hits counts trials with a nonzero count");
    is_int((long long)t.min_nonzero, 1, "min_nonzero");
    is_int((long long)t.max, 3, "max");
    is_int(t.nbins, 2, "two distinct values");
    uint64_t log[1 + 2 * 8] = {0};
    is_int(tally_each(&t, visit, log), 2, "tally_each returns the number of bins");
    ok(log[0] == 2 && log[1] == 1 && log[2] == 1 && log[3] == 3 && log[4] == 3,
       "...visiting (1,1) then (3,3), in increasing value");
    tally_moments_of(&t, 4, &m);
    is_int((long long)m.min, 1, "every trial hit: min is min_nonzero");
    tally_moments_of(&t, 6, &m);
    is_int((long long)m.min, 0, "some trials missed: min is 0");
    tally_moments_of(&t, 2, &m);
    is_int((long long)m.n, 4, "n below hits is taken as hits");

    /* A hit on an existing value touches no memory. */
    tally_bin *before = t.bins;
    uint32_t cap = t.capacity;
    for (int i = 0; i < 100000; i++) tally_add(&t, 1 + (uint64_t)(i & 1) * 2, 1);
    ok(t.bins == before && t.capacity == cap, "adding existing values does not reallocate");

    tally_reset(&t);
    ok(t.hits == 0 && t.nbins == 0 && t.s1 == 0 && t.bins == before && t.capacity == cap,
       "reset empties the tally and keeps its memory");

    /* Moments against the direct computation on explicit samples. */
    uint64_t xs[] = {0, 0, 1, 2, 2, 3, 5, 8, 13, 0, 1, 1, 4, 21, 0, 2, 2, 2, 34, 1};
    size_t nx = sizeof xs / sizeof xs[0];
    build_seq(&t, xs, 0, nx, 0);
    tally_moments_of(&t, nx, &m);
    direct d = direct_of(xs, nx);
    ok(close_rel(m.mean, d.mean, 1e-15), "small sample: mean");
    ok(close_rel(m.variance, d.var, 1e-13), "small sample: variance (divisor n - 1)");
    ok(close_rel(m.stddev, sqrtl(d.var), 1e-13), "small sample: stddev");
    ok(close_rel(m.abs_m3, d.m3, 1e-13), "small sample: third absolute central moment");
    ok(m.min == 0 && m.max == 34 && m.hits == 16, "small sample: min, max, hits");

    /* Trials that did not reach the block are the zeros beyond hits. */
    tally_reset(&t);
    uint64_t nz[] = {1, 4, 4, 9, 2, 2, 2, 7};
    build_seq(&t, nz, 0, 8, 0);
    uint64_t padded[30] = {0};
    memcpy(padded, nz, sizeof nz);
    tally_moments_of(&t, 30, &m);
    d = direct_of(padded, 30);
    ok(close_rel(m.mean, d.mean, 1e-15) && close_rel(m.variance, d.var, 1e-13) &&
           close_rel(m.abs_m3, d.m3, 1e-13),
       "implicit zeros count in every moment");

    /* Large values: 2^40 cubed does not fit in the power sums, the histogram still is exact. */
    tally_reset(&t);
    uint64_t big[] = {UINT64_C(1) << 40, UINT64_C(1) << 40, 1, (UINT64_C(1) << 40) + 12345};
    build_seq(&t, big, 0, 4, 0);
    tally_add(&t, UINT64_C(1) << 40, UINT64_C(1) << 30);
    tally_moments_of(&t, 10, &m);
    ok(m.hits == (UINT64_C(1) << 30) + 4 && m.max == (UINT64_C(1) << 40) + 12345,
       "huge counts: hits and max are exact");
    ok(t.s3 == ~(unsigned __int128)0, "huge counts: the cube sum saturates");
    {
        long double n = (long double)m.n, w = (long double)((UINT64_C(1) << 30) + 2);
        long double v = ldexpl(1, 40), e = v + 12345;
        long double mean = (w * v + 1 + e) / n;
        long double m2 = w * (v - mean) * (v - mean) + (1 - mean) * (1 - mean) + (e - mean) * (e - mean);
        ok(close_rel(m.mean, mean, 1e-15) && close_rel(m.variance, m2 / (n - 1), 1e-12),
           "huge counts: mean and variance still from the histogram");
    }

    /* Order independence, histogram mode: a skewed sample with many zeros. */
    size_t N = 20000;
    uint64_t *x = malloc(N * sizeof *x);
    if (!x) bail("out of memory");
    lcg_state = 42;
    for (size_t i = 0; i < N; i++) {
        uint64_t r = lcg() % 1000;
        x[i] = r < 300 ? 0 : (r * r * r) % 211 + 1;
    }
    check_orders("histogram", x, N, 0);

    /* Overflow mode: more distinct values than the histogram keeps. */
    lcg_state = 7;
    for (size_t i = 0; i < N; i++) {
        uint64_t r = lcg();
        x[i] = r % 10 == 0 ? 0 : 1 + (r >> 4) % 9000 + (r % 97 == 0 ? 250000 : 0);
    }
    check_orders("overflow", x, N, 1);

    tally_reset(&t);
    build_seq(&t, x, 0, N, 0);
    tally_moments_of(&t, N, &m);
    d = direct_of(x, N);
    is_int(tally_each(&t, visit, log), -1, "overflow: tally_each reports no histogram");
    ok(close_rel(m.mean, d.mean, 1e-15), "overflow: mean from the exact sums");
    ok(close_rel(m.variance, d.var, 1e-13), "overflow: variance from the exact sums");
    ok(m.abs_m3 >= (double)d.m3, "overflow: the bound on E|X-mean|^3 is above the true value");
    ok(m.abs_m3 <= 3 * (double)d.m3, "...and not absurdly loose");
    diag("overflow bound %.6g vs true %.6g", m.abs_m3, (double)d.m3);

    /* Overflow mode with the far side below the mean: a tenth of the trials at 0, the
     * rest spread just above a million, so |X - mean| is largest at the least value. */
    lcg_state = 13;
    for (size_t i = 0; i < N; i++) {
        uint64_t r = lcg();
        x[i] = r % 10 == 0 ? 0 : 1000000 + (r >> 4) % 9000;
    }
    tally_reset(&t);
    build_seq(&t, x, 0, N, 0);
    tally_moments_of(&t, N, &m);
    d = direct_of(x, N);
    ok(t.overflowed && m.abs_m3 >= (double)d.m3,
       "low tail: the bound on E|X-mean|^3 is above the true value");
    diag("low tail bound %.6g vs true %.6g", m.abs_m3, (double)d.m3);

    /* A heavy tail: values spread over orders of magnitude. */
    lcg_state = 11;
    for (size_t i = 0; i < N; i++) {
        long double u = (long double)(lcg() % 1000000) / 1e6L;
        x[i] = (uint64_t)(2e6L * u * u * u * u * u * u) + 1;
    }
    tally_reset(&t);
    build_seq(&t, x, 0, N, 0);
    tally_moments_of(&t, N, &m);
    d = direct_of(x, N);
    ok(t.overflowed && m.abs_m3 >= (double)d.m3, "heavy tail: bound above the true value");
    diag("heavy tail bound %.6g vs true %.6g", m.abs_m3, (double)d.m3);

    /* Large mean, small spread: raw fourth moments cancel badly; still conservative. */
    for (size_t i = 0; i < N; i++) x[i] = UINT64_C(1000000000) + lcg() % 6000;
    tally_reset(&t);
    build_seq(&t, x, 0, N, 0);
    tally_moments_of(&t, N, &m);
    d = direct_of(x, N);
    ok(t.overflowed && m.abs_m3 >= (double)d.m3, "large mean: bound above the true value");
    ok(close_rel(m.variance, d.var, 1e-12), "large mean: variance still exact-based");
    diag("large mean bound %.6g vs true %.6g", m.abs_m3, (double)d.m3);

    /* Huge values in overflow mode: the cube sum saturates, the range bound takes over. */
    for (size_t i = 0; i < 5000; i++) x[i] = (UINT64_C(1) << 43) + lcg() % 100000;
    tally_reset(&t);
    build_seq(&t, x, 0, 5000, 0);
    tally_moments_of(&t, 5000, &m);
    d = direct_of(x, 5000);
    ok(t.overflowed && t.s3 == ~(unsigned __int128)0, "huge overflow: cube sum saturated");
    ok(m.abs_m3 >= (double)d.m3 && isfinite(m.abs_m3), "huge overflow: bound finite and above");
    ok(close_rel(m.variance, d.var, 1e-12), "huge overflow: variance");
    tally_free(&t);

    /* Mixed merges: histogram into overflow, overflow into histogram, and two
     * histograms whose union is too wide. All must equal the sequential tally. */
    lcg_state = 5;
    for (size_t i = 0; i < N; i++) x[i] = lcg() % 3 ? lcg() % 6000 : 0;
    tally whole, a, b;
    tally_moments mw;
    tally_init(&whole);
    build_seq(&whole, x, 0, N, 0);
    tally_moments_of(&whole, N, &mw);
    ok(whole.overflowed, "mixed: the whole sample overflows");

    tally_init(&a);
    tally_init(&b);
    build_seq(&a, x, 0, 500, 0); /* few distinct values: histogram */
    build_seq(&b, x, 500, N, 0); /* many: overflow */
    ok(!a.overflowed && b.overflowed, "mixed: one side of each kind");
    tally_merge(&a, &b);
    tally_moments_of(&a, N, &m);
    ok(a.overflowed && same(&m, &mw), "histogram + overflow: same as sequential");
    tally_free(&a);
    tally_free(&b);

    tally_init(&a);
    tally_init(&b);
    build_seq(&a, x, 0, 500, 0);
    build_seq(&b, x, 500, N, 0);
    tally_merge(&b, &a);
    tally_moments_of(&b, N, &m);
    ok(same(&m, &mw), "overflow + histogram: same as sequential");
    tally_free(&a);
    tally_free(&b);

    /* Two histograms that fit alone but not together: Y holds the trials of A, then
     * those of B, so adding Y in order is the reference. */
    uint64_t *y = malloc(3 * N * sizeof *y);
    if (!y) bail("out of memory");
    size_t ny = 0;
    tally_init(&a);
    tally_init(&b);
    for (size_t i = 0; i < N && a.nbins < TALLY_MAX_DISTINCT - 10; i++) {
        tally_add(&a, x[i], 1);
        y[ny++] = x[i];
    }
    for (uint64_t v = 6001; b.nbins < TALLY_MAX_DISTINCT - 10; v += 3) {
        tally_add(&b, v, 1 + v % 4);
        for (uint64_t k = 0; k < 1 + v % 4; k++) y[ny++] = v;
    }
    ok(!a.overflowed && !b.overflowed && a.nbins + b.nbins > TALLY_MAX_DISTINCT,
       "wide union: two histograms that fit alone");
    {
        tally c;
        tally_moments mc;
        tally_init(&c);
        ok(tally_merge(&c, &a) == 0 && tally_merge(&c, &b) == 0 && c.overflowed,
           "wide union: the merge switches to overflow mode");
        tally_moments_of(&c, ny, &m);
        tally_free(&c);
        tally_init(&c);
        build_seq(&c, y, 0, ny, 1);
        tally_moments_of(&c, ny, &mc);
        ok(same(&m, &mc), "wide union: same moments as adding every trial one by one");
        tally_free(&c);
    }
    free(y);
    tally_free(&a);
    tally_free(&b);
    tally_free(&whole);

    /* Self merge doubles every count. */
    tally_init(&a);
    build_seq(&a, xs, 0, nx, 0);
    tally_merge(&a, &a);
    tally_init(&b);
    build_seq(&b, xs, 0, nx, 0);
    build_seq(&b, xs, 0, nx, 0);
    {
        tally_moments ma, mb;
        tally_moments_of(&a, 2 * nx, &ma);
        tally_moments_of(&b, 2 * nx, &mb);
        ok(same(&ma, &mb), "merging a tally into itself doubles it");
    }
    tally_free(&a);
    tally_free(&b);

    /* Histogram-only adds of many trials at once, as one add per trial. */
    tally_init(&a);
    tally_init(&b);
    for (int i = 0; i < 5; i++) tally_count(&a, 3);
    tally_count(&a, 9);
    ok(tally_count_many(&b, 3, 5) == 0 && tally_count_many(&b, 9, 1) == 0, "count_many: adds succeed");
    ok(tally_count_many(&b, 4, 0) == 0 && tally_count_many(&b, 0, 7) == 0 && b.nbins == 2,
       "count_many: zero trials or a zero value add nothing");
    {
        uint64_t la[1 + 2 * 8] = {0}, lb[1 + 2 * 8] = {0};
        tally_each(&a, visit, la);
        tally_each(&b, visit, lb);
        ok(a.hits == 6 && b.hits == 6 && memcmp(la, lb, sizeof la) == 0,
           "count_many: the same bins and hits as one tally_count per trial");
    }
    ok(b.s1 == 0 && b.max == 0, "count_many: no sums kept");
    {
        tally before = b, empty;
        tally_init(&empty);
        tally_prefetch(&b, 3);
        tally_prefetch(&b, 12345);
        tally_prefetch(&empty, 3);
        ok(before.bins == b.bins && before.nbins == b.nbins && before.capacity == b.capacity &&
               before.hits == b.hits && empty.capacity == 0 && empty.bins == NULL,
           "prefetch changes nothing, on a filled tally or an empty one");
    }
    for (uint64_t v = 100; b.nbins < TALLY_MAX_DISTINCT; v++)
        if (tally_count_many(&b, v, 2) != 0) bail("count_many: full too early");
    ok(tally_count_many(&b, 3, 4) == 0 && tally_count_many(&b, 1, 4) == -1,
       "count_many: a full histogram takes known values, refuses new ones");
    is_int((long long)b.hits, 6 + 2 * (TALLY_MAX_DISTINCT - 2) + 4,
           "count_many: ...and the refusal adds nothing");
    tally_free(&a);
    tally_free(&b);

    free(x);
    return done();
}
