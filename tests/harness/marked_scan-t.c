/* tests/harness/marked_scan-t.c: reading big functions' counters by their marks misses no count. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "marked_scan.h"
#include "runner.h"

#include <stdlib.h>
#include <string.h>

/* Function spans chosen for their edges: small, exactly the smallest marked size at
 * an unaligned start, long, one short of marked, unaligned at both ends, aligned at
 * both ends. The first three, 197 counters, are also a module of its own, small
 * enough for the worker's warm rows. */
#define NFUNCS   7
#define NBLOCKS  1424
#define NSMALL   3
#define SMALL_NB 197
static const uint32_t spans[NFUNCS][2] = {{0, 3},     {3, 64},     {67, 130}, {197, 1000},
                                          {1197, 63}, {1260, 100}, {1360, 64}};

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* What the instrumented code does in block J of function F: the mark, then the count. */
static void run_block(uint64_t *counters, uint8_t *marks, uint32_t f, uint32_t j, uint64_t times) {
    uint64_t g0, g1;
    fsabi_marked_groups(spans[f][0], spans[f][1], &g0, &g1);
    if (j >= g0 * FSABI_MARK_GROUP && j < g1 * FSABI_MARK_GROUP) marks[j / FSABI_MARK_GROUP] = 1;
    counters[j] += times;
}

/* A random touch pattern of trial T: up to three of the first NF functions, each a
 * few of its blocks (near one another or anywhere), each 1 to 40 times (the worker
 * keeps counts below 32 and above apart). Calls RUN for each. */
static void touch(uint64_t t, uint32_t nf, uint64_t *counters, uint8_t *marks, uint32_t *touched_list,
                  uint32_t *touched_count, uint8_t *fn_touched) {
    uint64_t x = mix(t);
    uint32_t nfun = 1 + (uint32_t)(x % 3);
    for (uint32_t k = 0; k < nfun; k++) {
        x = mix(x);
        uint32_t f = (uint32_t)(x % nf), first = spans[f][0], n = spans[f][1];
        if (fn_touched && !fn_touched[f]) {
            fn_touched[f] = 1;
            touched_list[(*touched_count)++] = f;
        }
        uint32_t nb = 1 + (uint32_t)((x >> 8) % 8), near = (uint32_t)((x >> 16) % n);
        for (uint32_t b = 0; b < nb; b++) {
            x = mix(x);
            uint32_t at = (x & 1) ? (near + (uint32_t)((x >> 1) % 12)) % n : (uint32_t)((x >> 1) % n);
            run_block(counters, marks, f, first + at, 1 + (x >> 32) % 40);
        }
    }
}

/* Part one: marked_scan_next against a full scan, on the counters alone. */
static void scan_patterns(void) {
    static uint64_t counters[NBLOCKS], full[NBLOCKS];
    static uint8_t marks[NBLOCKS / FSABI_MARK_GROUP + 1];
    int same = 1, cleared = 1, inside = 1;
    uint64_t found = 0;
    for (uint64_t t = 0; t < 5000; t++) {
        touch(t, NFUNCS, counters, marks, NULL, NULL, NULL);
        memcpy(full, counters, sizeof full);
        for (uint32_t f = 0; f < NFUNCS; f++) {
            uint64_t pos = spans[f][0], lo, hi, end = spans[f][0] + spans[f][1], prev = pos;
            while (marked_scan_next(marks, spans[f][0], spans[f][1], &pos, &lo, &hi)) {
                inside &= lo >= prev && lo < hi && hi <= end;
                prev = hi;
                for (uint64_t j = lo; j < hi; j++) counters[j] = 0; /* what the worker reads and clears */
            }
        }
        for (uint32_t j = 0; j < NBLOCKS; j++) {
            same &= counters[j] == 0;
            found += full[j] != 0;
        }
        for (size_t g = 0; g < sizeof marks; g++) cleared &= marks[g] == 0;
        memset(counters, 0, sizeof counters);
        memset(marks, 0, sizeof marks);
    }
    ok(inside, "the runs come in order, each within its function");
    ok(same, "every counter that ran is in a run the scan returned (%llu over 5000 patterns)",
       (unsigned long long)found);
    ok(cleared, "and every mark is cleared after the scan");

    /* a big function in which nothing ran inside its groups: the ends alone */
    uint64_t pos = 3, lo, hi, n = 0;
    while (marked_scan_next(marks, 3, 64, &pos, &lo, &hi)) n += hi - lo;
    is_int((long long)n, 8, "an unmarked function of 64 blocks at 3 reads its 5 + 3 counters at the ends");
    pos = 1360;
    ok(!marked_scan_next(marks, 1360, 64, &pos, &lo, &hi), "an aligned one reads none");
}

/* Part two: the worker, through the runner, on a fake module whose trial function
 * touches as above; its results with marks against those without (every counter of
 * a function that ran read) and against the sums replayed here. */
static uint64_t counters[NBLOCKS];
static uint8_t marks[NBLOCKS / FSABI_MARK_GROUP + 1], fn_touched[NFUNCS];
static uint32_t touched_list[NFUNCS + 1], touched_count, active_functions;

static trial_end fake_trial(uint64_t seed, uint64_t trial) {
    touch(seed * 1000003u + trial, active_functions, counters, marks, touched_list, &touched_count,
          fn_touched);
    return TRIAL_RETURNED;
}

#define TRIALS 30000

/* Equal moments, member by member: the same counts give the same bits. */
static int same_moments(const tally_moments *a, const tally_moments *b) {
    return a->n == b->n && a->hits == b->hits && a->min == b->min && a->max == b->max && a->mean == b->mean &&
           a->variance == b->variance && a->stddev == b->stddev && a->abs_m3 == b->abs_m3;
}

static int run(uint32_t nf, int with_marks, const char *counting, runner_result *out) {
    static fsabi_block blocks[NBLOCKS];
    static fsabi_function functions[NFUNCS];
    for (uint32_t j = 0; j < NBLOCKS; j++)
        blocks[j] =
            (fsabi_block){.function = "f", .label = "b", .file = "", .max_runs = FSABI_RUNS_UNBOUNDED};
    for (uint32_t f = 0; f < NFUNCS; f++)
        functions[f] =
            (fsabi_function){.name = "f", .file = "", .first_block = spans[f][0], .nblocks = spans[f][1]};
    fsabi_module mod = {.abi_version = FSABI_VERSION,
                        .nblocks = nf == NFUNCS ? NBLOCKS : SMALL_NB,
                        .nfunctions = nf,
                        .counters = counters,
                        .fn_touched = fn_touched,
                        .touched_list = touched_list,
                        .touched_count = &touched_count,
                        .blocks = blocks,
                        .functions = functions,
                        .marks = with_marks ? marks : NULL};
    active_functions = nf;
    if (counting)
        setenv("FREQSYS_COUNTING", counting, 1);
    else
        unsetenv("FREQSYS_COUNTING");
    runner_config cfg = {.mod = &mod,
                         .program = {.run_trial = fake_trial},
                         .seed = 7,
                         .jobs = 2,
                         .max_trials = TRIALS,
                         .timeout_s = 10};
    if (stop_params_init(&cfg.stop, 1e-9, 0, 0.95) != 0) bail("stop_params_init");
    return runner_run(&cfg, out);
}

int main(void) {
    plan(5 + 1 + 2 * 3 + 2);
    scan_patterns();

    /* the sums of every block over trials 0 .. TRIALS-1, replayed */
    static uint64_t sums[NBLOCKS], hits[NBLOCKS], one[NBLOCKS];
    for (uint64_t t = 0; t < TRIALS; t++) {
        memset(one, 0, sizeof one);
        touch(7 * 1000003u + t, NFUNCS, one, marks, NULL, NULL, NULL);
        for (uint32_t j = 0; j < NBLOCKS; j++) {
            sums[j] += one[j];
            hits[j] += one[j] != 0;
        }
    }
    memset(marks, 0, sizeof marks);

    runner_result full;
    if (run(NFUNCS, 0, NULL, &full) != 0 || full.trials != TRIALS) bail("the run without marks");
    int exact = 1;
    for (uint32_t j = 0; j < NBLOCKS; j++) {
        unsigned __int128 s = sums[j];
        unsigned __int128 q = s / TRIALS, r = s % TRIALS; /* as the tally takes the mean */
        long double mean = (long double)q + (long double)r / TRIALS;
        exact &= full.moments[j].hits == hits[j] && full.moments[j].mean == (double)mean;
    }
    ok(exact, "without marks, every block's trials and mean are the replayed ones");

    const char *modes[2] = {"direct", "patterns"};
    for (int m = 0; m < 2; m++) {
        runner_result got;
        is_int(run(NFUNCS, 1, modes[m], &got), 0, "%s counting with marks runs", modes[m]);
        is_int((long long)got.trials, TRIALS, "  the same %d trials", TRIALS);
        int same = 1;
        uint32_t differ = 0;
        for (uint32_t j = 0; j < NBLOCKS; j++) {
            int eq = same_moments(&got.moments[j], &full.moments[j]);
            same &= eq;
            if (!eq && !differ) differ = j + 1;
        }
        ok(same, "  every block's moments are those of the full scan%s", same ? "" : " (not all)");
        if (!same) diag("first block that differs: %u", differ - 1);
        runner_result_free(&got, NBLOCKS);
    }
    runner_result_free(&full, NBLOCKS);

    /* a module small enough for warm rows, with a function of 130 blocks */
    runner_result warm_full, warm;
    if (run(NSMALL, 0, NULL, &warm_full) != 0 || run(NSMALL, 1, NULL, &warm) != 0)
        bail("the small module's runs");
    int same = warm.trials == TRIALS && warm_full.trials == TRIALS;
    for (uint32_t j = 0; j < SMALL_NB; j++) same &= same_moments(&warm.moments[j], &warm_full.moments[j]);
    ok(same, "a small module (warm rows): the moments with marks are those of the full scan");
    ok(warm.moments[100].hits > 0 && warm.moments[196].hits > 0, "  and its big function's blocks ran");
    runner_result_free(&warm, SMALL_NB);
    runner_result_free(&warm_full, SMALL_NB);
    return done();
}
