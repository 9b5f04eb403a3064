/* tests/harness/pattern_table-t.c: checks the per-function pattern table against per-block histograms. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "pattern_table.h"
#include "tally.h"

#include <stdint.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_BY_FEATURE 1
#endif
#endif
#ifndef ASAN_BY_FEATURE
#define ASAN_BY_FEATURE 0
#endif
/* AddressSanitizer reserves far more address space than a limit for this test allows. */
#if defined(__SANITIZE_ADDRESS__) || ASAN_BY_FEATURE
#define LIMIT_WORKS 0
#else
#define LIMIT_WORKS 1
#endif

/* A small fixed generator, so every sample here is the same on every machine. */
static uint64_t lcg_state;
static uint64_t lcg(void) {
    lcg_state = lcg_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return lcg_state >> 33;
}

/* A made-up module: function f has nblocks[f] blocks starting at first[f]. */
#define NF 40
static uint32_t first[NF], nblocks[NF], total_blocks;

static void make_module(void) {
    total_blocks = 0;
    for (uint32_t f = 0; f < NF; f++) {
        first[f] = total_blocks;
        nblocks[f] = 1 + (f * 7) % 23;
        total_blocks += nblocks[f];
    }
}

/* Per-block tallies filled from the table's walk. */
static void into_tallies(uint32_t block, uint64_t value, uint64_t trials, void *ctx) {
    tally *t = ctx;
    if (tally_count_many(&t[block], value, trials) != 0) bail("tally full or out of memory");
}

static tally *new_tallies(size_t n) {
    tally *t = calloc(n, sizeof *t);
    if (!t) bail("out of memory");
    for (size_t i = 0; i < n; i++) tally_init(&t[i]);
    return t;
}

static void free_tallies(tally *t, size_t n) {
    for (size_t i = 0; i < n; i++) tally_free(&t[i]);
    free(t);
}

typedef struct bins {
    size_t n;
    tally_bin b[TALLY_MAX_DISTINCT];
} bins;

static void log_bin(uint64_t value, uint64_t trials, void *ctx) {
    bins *l = ctx;
    l->b[l->n++] = (tally_bin){value, trials};
}

/* Whether every tally of A has the same hits and bins as in B; says where not. */
static int same_tallies(const tally *a, const tally *b, size_t n) {
    static bins la, lb;
    for (size_t i = 0; i < n; i++) {
        la.n = lb.n = 0;
        tally_each(&a[i], log_bin, &la);
        tally_each(&b[i], log_bin, &lb);
        if (a[i].hits != b[i].hits || la.n != lb.n || memcmp(la.b, lb.b, la.n * sizeof *la.b) != 0) {
            diag("block %zu differs: %llu vs %llu hits, %zu vs %zu bins", i, (unsigned long long)a[i].hits,
                 (unsigned long long)b[i].hits, la.n, lb.n);
            return 0;
        }
    }
    return 1;
}

/* Sum over the walk of trials * value, and number of calls, for small checks. */
typedef struct sums {
    uint64_t calls, weighted, trials_at[64];
} sums;

static void add_sums(uint32_t block, uint64_t value, uint64_t trials, void *ctx) {
    sums *s = ctx;
    s->calls++;
    s->weighted += value * trials;
    if (block < 64) s->trials_at[block] += trials;
}

static int add(pattern_table *t, uint32_t f, uint32_t fb, const uint32_t *o, const uint64_t *v, uint32_t n) {
    int rc = pattern_table_add(t, f, fb, o, v, n);
    if (rc != 0) bail("pattern_table_add failed without a memory limit");
    return rc;
}

/* One trial of function F: mostly one of a few patterns (so they merge), now and then
 * a fresh random one. Writes the pattern into O and V, returns its length. */
static uint32_t random_pattern(uint32_t f, uint32_t *o, uint64_t *v) {
    uint32_t n = 0;
    uint64_t r = lcg() % 16;
    int fresh = lcg() % 5 == 0;
    for (uint32_t j = 0; j < nblocks[f]; j++) {
        uint64_t x =
            fresh ? (lcg() % 3 ? 1 + lcg() % 9 : 0) : ((r * 7 + j * 3 + f) % 5 == 0 ? 0 : 1 + (r + j) % 4);
        if (j == 0 && !x) x = 1; /* the entry block always runs */
        if (x) {
            o[n] = j;
            v[n++] = x;
        }
    }
    return n;
}

/* TRIALS random trials into a table (mask MASK, expanded every EVERY trials) and,
 * trial by trial, into reference tallies; whether the two sets of tallies agree. */
static int against_reference(uint64_t seed, int trials, uint64_t mask, int every, size_t *patterns) {
    pattern_table t;
    pattern_table_init(&t);
    t.hash_mask = mask;
    tally *got = new_tallies(total_blocks), *want = new_tallies(total_blocks);
    uint32_t o[32];
    uint64_t v[32];
    lcg_state = seed;
    *patterns = 0;
    for (int i = 0; i < trials; i++) {
        uint32_t k = 1 + (uint32_t)(lcg() % 4), picked[4];
        for (uint32_t m = 0; m < k; m++) {
            uint32_t f = (uint32_t)(lcg() % NF), dup = 0;
            for (uint32_t q = 0; q < m; q++) dup |= picked[q] == f;
            if (dup) {
                picked[m] = UINT32_MAX;
                continue;
            } /* a function runs once per trial */
            picked[m] = f;
            uint32_t n = random_pattern(f, o, v);
            add(&t, f, first[f], o, v, n);
            for (uint32_t j = 0; j < n; j++)
                if (tally_count(&want[first[f] + o[j]], v[j]) != 0) bail("reference tally full");
        }
        if (every && (i + 1) % every == 0) {
            if (pattern_table_count(&t) > *patterns) *patterns = pattern_table_count(&t);
            pattern_table_each(&t, into_tallies, got);
            pattern_table_reset(&t);
        }
    }
    if (pattern_table_count(&t) > *patterns) *patterns = pattern_table_count(&t);
    pattern_table_each(&t, into_tallies, got);
    int r = same_tallies(got, want, total_blocks);
    free_tallies(got, total_blocks);
    free_tallies(want, total_blocks);
    pattern_table_free(&t);
    return r;
}

#if LIMIT_WORKS
/* Mapped address space in bytes, from /proc/self/statm. */
static uint64_t mapped_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0;
    if (f && fscanf(f, "%llu", &size) != 1) size = 0;
    if (f) fclose(f);
    return size * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* In a child under an address-space limit: fills a table until an add fails. Exit
 * status bits: 1 no add failed, 2 the failed add changed the table, 4 a known
 * pattern could no longer be counted afterwards. */
static int oom_child(void) {
    pattern_table t;
    pattern_table_init(&t);
    struct rlimit lim = {mapped_bytes() + (48u << 20), mapped_bytes() + (48u << 20)};
    if (setrlimit(RLIMIT_AS, &lim) != 0) return 1;
    uint32_t o[64];
    uint64_t v[64];
    for (uint32_t j = 0; j < 64; j++) o[j] = j;
    uint64_t i;
    for (i = 0; i < (1u << 22); i++) {
        for (uint32_t j = 0; j < 64; j++) v[j] = i + j + 1;
        if (pattern_table_add(&t, (uint32_t)(i % 100), 0, o, v, 64) != 0) break;
    }
    if (i == (1u << 22)) return 1;
    int status = 0;
    sums s = {0};
    pattern_table_each(&t, add_sums, &s);
    if (pattern_table_count(&t) != i || s.calls != 64 * i) status |= 2;
    for (uint32_t j = 0; j < 64; j++) v[j] = j + 1; /* the first pattern again */
    if (pattern_table_add(&t, 0, 0, o, v, 64) != 0 || pattern_table_count(&t) != i) status |= 4;
    return status;
}
#endif

int main(void) {
    plan(27);
    pattern_table t;
    pattern_table_init(&t);
    sums s = {0};

    ok(pattern_table_count(&t) == 0 && pattern_table_bytes(&t) == 0,
       "a new table is empty and holds nothing");
    uint32_t o[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ok(pattern_table_add(&t, 3, 10, o, v, 0) == 0 && pattern_table_count(&t) == 0,
       "an empty pattern is a no-op");

    /* Patterns that differ in one way each are kept apart. */
    uint32_t o2[3] = {0, 2, 3};
    uint64_t v2[3] = {1, 2, 4}, v3[3] = {2, 1, 4};
    add(&t, 0, 0, o, v, 3);   /* (0:1) (1:2) (2:3) */
    add(&t, 0, 0, o2, v, 3);  /* other offsets, same values */
    add(&t, 0, 0, o2, v2, 3); /* other last value */
    add(&t, 0, 0, o2, v3, 3); /* two values swapped */
    add(&t, 1, 8, o, v, 3);   /* the first pattern in another function */
    add(&t, 0, 0, o, v, 2);   /* a prefix of the first pattern */
    is_int((long long)pattern_table_count(&t), 6, "six different patterns are six keys");
    pattern_table_each(&t, add_sums, &s);
    ok(s.calls == 17 && s.weighted == 6 + 6 + 7 + 7 + 6 + 3, "...and the walk lists each pair once");
    ok(s.trials_at[0] == 5 && s.trials_at[1] == 2 && s.trials_at[2] == 4 && s.trials_at[3] == 3 &&
           s.trials_at[8] == 1 && s.trials_at[9] == 1 && s.trials_at[10] == 1,
       "...at absolute blocks, first_block + offset");

    /* Equal patterns merge. */
    for (int i = 0; i < 4; i++) add(&t, 0, 0, o2, v3, 3);
    is_int((long long)pattern_table_count(&t), 6, "adding a known pattern adds no key");
    memset(&s, 0, sizeof s);
    pattern_table_each(&t, add_sums, &s);
    ok(s.calls == 17 && s.trials_at[0] == 9 && s.trials_at[2] == 8 && s.trials_at[3] == 7,
       "...and counts its trials: five for the repeated pattern");

    size_t held = pattern_table_bytes(&t);
    pattern_table_reset(&t);
    memset(&s, 0, sizeof s);
    pattern_table_each(&t, add_sums, &s);
    ok(pattern_table_count(&t) == 0 && s.calls == 0, "reset empties the table");
    ok(held > 0 && pattern_table_bytes(&t) == held, "...and keeps its memory");
    add(&t, 1, 8, o, v, 3);
    memset(&s, 0, sizeof s);
    pattern_table_each(&t, add_sums, &s);
    ok(pattern_table_count(&t) == 1 && s.calls == 3 && s.trials_at[8] == 1 && s.trials_at[0] == 0,
       "...and counts afresh afterwards");
    pattern_table_free(&t);
    ok(pattern_table_count(&t) == 0 && pattern_table_bytes(&t) == 0, "free leaves an empty table");

    /* Many patterns: the slots grow and probes run into each other. */
    const uint32_t many = 20000;
    for (int round = 0; round < 2; round++)
        for (uint32_t i = 0; i < many; i++) {
            uint64_t w[2] = {1 + i % 7, 1 + i / 7};
            add(&t, i % 3, 100 * (i % 3), o + (i % 5), w, 2);
        }
    is_int((long long)pattern_table_count(&t), many,
           "20000 distinct patterns, each added twice, are 20000 keys");
    {
        memset(&s, 0, sizeof s);
        pattern_table_each(&t, add_sums, &s);
        ok(s.calls == 2 * (uint64_t)many, "...the walk lists every pair of them");
        uint64_t want = 0;
        for (uint32_t i = 0; i < many; i++) want += 2 * ((1 + i % 7) + (1 + i / 7));
        ok(s.weighted == want, "...each with two trials");
    }
    pattern_table_free(&t);

    /* Every hash equal: only the comparison of patterns tells them apart. */
    pattern_table_init(&t);
    t.hash_mask = 0;
    for (int round = 0; round < 3; round++)
        for (uint32_t i = 0; i < 300; i++) {
            uint64_t w[3] = {1 + i, 1 + i % 5, 1 + i / 20};
            add(&t, i % 2, 0, o + i % 3, w, i % 3 + 1);
        }
    is_int((long long)pattern_table_count(&t), 300, "equal hashes: 300 patterns stay 300 keys");
    memset(&s, 0, sizeof s);
    pattern_table_each(&t, add_sums, &s);
    {
        uint64_t calls = 0, want = 0;
        for (uint32_t i = 0; i < 300; i++) {
            uint64_t w[3] = {1 + i, 1 + i % 5, 1 + i / 20};
            calls += i % 3 + 1;
            for (uint32_t j = 0; j <= i % 3; j++) want += 3 * w[j];
        }
        ok(s.calls == calls && s.weighted == want, "equal hashes: each counted three times, exactly");
    }
    pattern_table_free(&t);

    /* Random trials against per-block histograms built one trial at a time. */
    make_module();
    size_t np = 0;
    ok(against_reference(1, 4000, UINT64_MAX, 0, &np),
       "4000 random trials: expansion equals the per-block histograms");
    diag("%zu keys for 4000 trials", np);
    ok(np > 100 && np < 4000, "...with patterns that merged and patterns that did not");
    ok(against_reference(2, 5000, UINT64_MAX, 700, &np),
       "expanding and resetting every 700 trials: the same");
    ok(against_reference(3, 3000, 7, 0, &np), "only 8 distinct hashes: the same");
    ok(against_reference(4, 3000, 0, 1000, &np), "one hash for all, resets between: the same");
    {
        /* The same trials added in another order give the same walk totals. */
        pattern_table a, b;
        pattern_table_init(&a);
        pattern_table_init(&b);
        uint32_t oo[64][32], nn[64], ff[64];
        uint64_t vv[64][32];
        lcg_state = 9;
        for (int i = 0; i < 64; i++) {
            ff[i] = (uint32_t)(lcg() % NF);
            nn[i] = random_pattern(ff[i], oo[i], vv[i]);
        }
        for (int i = 0; i < 64; i++) add(&a, ff[i], first[ff[i]], oo[i], vv[i], nn[i]);
        for (int i = 63; i >= 0; i--) add(&b, ff[i], first[ff[i]], oo[i], vv[i], nn[i]);
        tally *ta = new_tallies(total_blocks), *tb = new_tallies(total_blocks);
        pattern_table_each(&a, into_tallies, ta);
        pattern_table_each(&b, into_tallies, tb);
        ok(pattern_table_count(&a) == pattern_table_count(&b) && same_tallies(ta, tb, total_blocks),
           "insertion order does not change the histograms");
        free_tallies(ta, total_blocks);
        free_tallies(tb, total_blocks);
        pattern_table_free(&a);
        pattern_table_free(&b);
    }

    /* Long patterns and large values: words beyond one cache line, odd lengths. */
    {
        pattern_table_init(&t);
        uint32_t lo[33];
        uint64_t lv[33];
        for (uint32_t j = 0; j < 33; j++) {
            lo[j] = 2 * j;
            lv[j] = UINT64_MAX - j;
        }
        add(&t, 7, 1000, lo, lv, 33);
        lv[32] = 1;
        add(&t, 7, 1000, lo, lv, 33);
        lv[32] = UINT64_MAX - 32;
        add(&t, 7, 1000, lo, lv, 33);
        lo[32] = 65;
        add(&t, 7, 1000, lo, lv, 33);
        is_int((long long)pattern_table_count(&t), 3,
               "33 pairs: a change in the last value or offset is a new key");
        tally *tt = new_tallies(1100);
        pattern_table_each(&t, into_tallies, tt);
        ok(tt[1000].hits == 4 && tt[1064].hits == 3 && tt[1065].hits == 1 && tt[1064].nbins == 2,
           "...and the walk puts each pair at its own block");
        free_tallies(tt, 1100);
        pattern_table_free(&t);
    }

    /* Out of memory: the failed add leaves the table as it was. */
#if !LIMIT_WORKS
    for (int i = 0; i < 3; i++)
        ok(1, "out of memory # skip: AddressSanitizer reserves the address space a limit would cap");
#else
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) bail("fork failed");
    if (pid == 0) _exit(oom_child());
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) bail("the out-of-memory child died");
    int code = WEXITSTATUS(status);
    ok(!(code & 1), "under an address-space limit an add fails");
    ok(!(code & 3), "...and leaves the table unchanged");
    ok(!(code & 5), "...which still counts trials of known patterns");
#endif

    return done();
}
