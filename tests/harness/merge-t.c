/* tests/harness/merge-t.c: checks that chunks merged out of order give the tallies and failure counts of the
 * trials taken one by one. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "merge.h"

#include <signal.h>
#include <stdint.h>

#define NTRIALS   3000
#define NCOUNTERS 3
#define LIMIT     1777 /* a check point: every chunk ends at or before it, or starts at or after it */

/* A small fixed generator, so the trials are the same on every machine. */
static uint64_t lcg_state = 12345;
static uint64_t lcg(void) {
    lcg_state = lcg_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return lcg_state >> 33;
}

/* Trial I: its counts, or how it failed (0 none, 1 abort, 2 input error, 3 signal,
 * 4 timeout: the last two end their worker, so they come as pieces of one trial). */
static uint64_t counts[NTRIALS][NCOUNTERS];
static int failure[NTRIALS];

static void make_trials(void) {
    for (int i = 0; i < NTRIALS; i++) {
        counts[i][0] = 1;
        counts[i][1] = lcg() % 4;
        counts[i][2] = lcg() % 40 == 0 ? 1 + lcg() % 1000 : 0;
        uint64_t f = lcg() % 100;
        failure[i] = f < 2 ? 1 : f < 3 ? 2 : f < 4 ? 3 : f < 5 ? 4 : 0;
    }
}

/* The piece of trials [START, END) as a worker would send it. */
static merge_piece piece_of(uint64_t start, uint64_t end) {
    merge_piece p = {start,
                     end - start,
                     calloc(NCOUNTERS * (end - start) + 1, sizeof(wire_bin)),
                     0,
                     calloc(end - start + 1, sizeof(uint64_t)),
                     0,
                     0,
                     0,
                     0};
    if (!p.bins || !p.aborted) bail("out of memory");
    if (end - start == 1 && failure[start] >= 3) {
        p.crash_trial = start;
        p.failed = 1 + (failure[start] == 3 ? FAILURE_CRASH : FAILURE_TIMEOUT);
        p.signal = failure[start] == 3 ? SIGSEGV : SIGKILL;
        return p;
    }
    for (uint64_t i = start; i < end; i++) {
        if (failure[i] == 1 || failure[i] == 2) {
            p.aborted[p.naborted++] = failure[i] == 2 ? i | WIRE_INPUT_ERROR : i;
            continue;
        }
        for (uint32_t j = 0; j < NCOUNTERS; j++) {
            if (counts[i][j] == 0) continue;
            size_t k = 0; /* one bin per (counter, value), as a chunk's histogram has */
            while (k < p.nbins && !(p.bins[k].block == j && p.bins[k].value == counts[i][j])) k++;
            if (k == p.nbins) p.bins[p.nbins++] = (wire_bin){j, 0, counts[i][j], 0};
            p.bins[k].trials++;
        }
    }
    return p;
}

/* Cuts trials into chunks of 1 to 60, never across LIMIT, a trial that ended its
 * worker alone in its own piece. */
static size_t make_pieces(merge_piece *v) {
    size_t n = 0;
    uint64_t start = 0;
    while (start < NTRIALS) {
        uint64_t end = start + 1 + lcg() % 60;
        if (end > NTRIALS) end = NTRIALS;
        if (start < LIMIT && end > LIMIT) end = LIMIT;
        for (uint64_t i = start; i < end; i++)
            if (failure[i] >= 3) {
                end = i == start ? i + 1 : i;
                break;
            }
        v[n++] = piece_of(start, end);
        start = end;
    }
    for (size_t i = n - 1; i > 0; i--) { /* out of order, as workers finish */
        size_t j = lcg() % (i + 1);
        merge_piece t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    return n;
}

/* The same trials taken one by one, in order, up to END. */
typedef struct direct {
    tally tallies[NCOUNTERS];
    uint64_t crashes, timeouts, input_errors, failed_ids[RUNNER_MAX_FAILURES];
    size_t nfailed;
} direct;

static void direct_of(direct *d, uint64_t end) {
    memset(d, 0, sizeof *d);
    for (int j = 0; j < NCOUNTERS; j++) tally_init(&d->tallies[j]);
    for (uint64_t i = 0; i < end; i++) {
        if (failure[i]) {
            if (failure[i] == 2)
                d->input_errors++;
            else if (failure[i] == 4)
                d->timeouts++;
            else
                d->crashes++;
            if (d->nfailed < RUNNER_MAX_FAILURES) d->failed_ids[d->nfailed++] = i;
            continue;
        }
        for (int j = 0; j < NCOUNTERS; j++)
            if (counts[i][j] && tally_add(&d->tallies[j], counts[i][j], 1) != 0) bail("out of memory");
    }
}

static int same_moments(const tally *a, const tally *b, uint64_t n) {
    tally_moments x, y;
    tally_moments_of(a, n, &x);
    tally_moments_of(b, n, &y);
    return x.n == y.n && x.hits == y.hits && x.min == y.min && x.max == y.max && x.mean == y.mean &&
           x.variance == y.variance && x.abs_m3 == y.abs_m3;
}

static void check_against_direct(const merge *m, uint64_t end, const char *when) {
    direct d;
    direct_of(&d, end);
    is_int((long long)m->frontier, (long long)end, "%s: the merged prefix ends at trial %llu", when,
           (unsigned long long)end);
    int same = 1;
    for (int j = 0; j < NCOUNTERS; j++) same &= same_moments(&m->tallies[j], &d.tallies[j], merge_valid(m));
    ok(same, "%s: every counter's tally is that of the trials taken one by one", when);
    ok(m->crashes == d.crashes && m->timeouts == d.timeouts && m->input_errors == d.input_errors,
       "%s: crashes %llu, timeouts %llu, input errors %llu, as counted directly", when,
       (unsigned long long)m->crashes, (unsigned long long)m->timeouts, (unsigned long long)m->input_errors);
    int ids = m->nfailures == d.nfailed;
    for (size_t k = 0; ids && k < d.nfailed; k++) {
        ids &= m->failures[k].trial == d.failed_ids[k];
        int f = failure[d.failed_ids[k]];
        runner_failure_kind kind = f == 2 ? FAILURE_INPUT : f == 4 ? FAILURE_TIMEOUT : FAILURE_CRASH;
        ids &= m->failures[k].kind == kind;
    }
    ok(ids, "%s: the failures listed are the %d with the smallest trial ids, of the right kind", when,
       RUNNER_MAX_FAILURES);
    for (int j = 0; j < NCOUNTERS; j++) tally_free(&d.tallies[j]);
}

int main(void) {
    plan(11);
    make_trials();
    static merge_piece pieces[NTRIALS];
    size_t n = make_pieces(pieces);
    merge m;
    if (merge_init(&m, NCOUNTERS) != 0) bail("out of memory");

    /* pieces arrive one by one; after each, the merged prefix is exactly the
     * longest run of arrived pieces from trial 0 on */
    static char arrived[NTRIALS + 1];
    int prefix_ok = 1;
    for (size_t i = 0; i < n; i++) {
        for (uint64_t t = pieces[i].start; t < pieces[i].start + pieces[i].count; t++) arrived[t] = 1;
        if (merge_add(&m, pieces[i]) != 0 || merge_ready(&m, LIMIT) != 0) bail("out of memory");
        uint64_t want = 0;
        while (want < LIMIT && arrived[want]) want++;
        prefix_ok &= m.frontier == want;
    }
    ok(prefix_ok,
       "after each of %zu pieces out of order, the merged prefix is the arrived one, up to the check point",
       n);
    check_against_direct(&m, LIMIT, "at the check point");
    ok(m.npending > 0, "the pieces past the check point wait (%zu)", m.npending);

    if (merge_ready(&m, NTRIALS) != 0) bail("out of memory");
    check_against_direct(&m, NTRIALS, "at the end");
    is_int((long long)m.npending, 0, "nothing is left waiting");
    merge_free(&m);
    return done();
}
