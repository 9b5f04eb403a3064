/* tests/harness/path_tallies-t.c: hashed paths' tallies: found by function and id, the same whatever the
 * order trials come in, and through the wire. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "tap.h"
#include "path_tallies.h"

/* Trial i's runs of path (f, id): a fixed pattern over three functions and many ids. */
static uint64_t runs(uint64_t trial, uint32_t f, uint64_t id) {
    uint64_t h = (trial * 0x9e3779b97f4a7c15ull) ^ (id * 0xbf58476d1ce4e5b9ull) ^ f;
    return (h >> 59) < 3 ? (h >> 61) + 1 : 0; /* 0 most of the time, else 1..8 */
}

#define NTRIALS 200
#define NIDS    300

/* Adds trials [FROM, TO), walking them FORWARD or backward, to P, as tally_add would. */
static int add_trials(path_tallies *p, int from, int to, int forward) {
    for (int k = 0; k < to - from; k++) {
        uint64_t t = (uint64_t)(forward ? from + k : to - 1 - k);
        for (uint32_t f = 0; f < 3; f++)
            for (uint64_t id = 0; id < NIDS; id++) {
                uint64_t v = runs(t, f, id * 0x100000001ull);
                path_tally *x = v ? path_tallies_find(p, f, id * 0x100000001ull) : NULL;
                if (v && (!x || tally_add(&x->t, v, 1) != 0)) return -1;
                if (v) path_tallies_seen(x, t);
            }
        if (t % 7 == 0 && path_tallies_lose(p, 2, 1) != 0) return -1;
    }
    return 0;
}

/* Whether A and B (sorted) hold the same paths with the same moments over N trials. */
static int same(const path_tallies *a, const path_tallies *b, uint64_t n) {
    if (a->n != b->n || a->nlost != b->nlost) return 0;
    for (size_t k = 0; k < a->n; k++) {
        tally_moments x, y;
        tally_moments_of(&a->items[k].t, n, &x);
        tally_moments_of(&b->items[k].t, n, &y);
        if (a->items[k].function != b->items[k].function || a->items[k].id != b->items[k].id ||
            a->items[k].first_trial != b->items[k].first_trial || x.hits != y.hits || x.mean != y.mean ||
            x.variance != y.variance || x.max != y.max)
            return 0;
    }
    for (size_t k = 0; k < a->nlost; k++)
        if (a->lost[k].function != b->lost[k].function || a->lost[k].trials != b->lost[k].trials) return 0;
    return 1;
}

typedef struct bins {
    wire_bin *v;
    size_t n, cap;
} bins;

static int put(const wire_bin *b, void *ctx) {
    bins *s = ctx;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        wire_bin *v = realloc(s->v, s->cap * sizeof *v);
        if (!v) return -1;
        s->v = v;
    }
    s->v[s->n++] = *b;
    return 0;
}

int main(void) {
    plan(11);
    path_tallies whole, halves, back, wire;
    path_tallies_init(&whole);
    path_tallies_init(&halves);
    path_tallies_init(&back);
    path_tallies_init(&wire);

    ok(add_trials(&whole, 0, NTRIALS, 1) == 0 && path_tallies_sort(&whole) == 0, "every trial at once");
    int sorted = 1;
    for (size_t k = 1; k < whole.n; k++)
        sorted &= whole.items[k - 1].function < whole.items[k].function ||
                  (whole.items[k - 1].function == whole.items[k].function &&
                   whole.items[k - 1].id < whole.items[k].id);
    ok(whole.n > 100 && sorted, "sorted by function, then id (%zu paths)", whole.n);

    /* the second half first, walked backward, merged into the first half */
    path_tallies first, second;
    path_tallies_init(&first);
    path_tallies_init(&second);
    int rc = add_trials(&second, NTRIALS / 2, NTRIALS, 0) | add_trials(&first, 0, NTRIALS / 2, 1);
    rc |= path_tallies_merge(&halves, &second) | path_tallies_merge(&halves, &first) |
          path_tallies_sort(&halves);
    ok(rc == 0 && same(&whole, &halves, NTRIALS),
       "merged halves in the other order: the same tallies, bit for bit, and first trials");

    ok(add_trials(&back, 0, NTRIALS, 0) == 0 && path_tallies_sort(&back) == 0 && same(&whole, &back, NTRIALS),
       "the trials walked backward: the same");

    /* through the wire: a worker's histograms (tally_count_many) as bins, read back */
    path_tallies chunk;
    path_tallies_init(&chunk);
    for (uint64_t t = 0; t < NTRIALS; t++) {
        for (uint32_t f = 0; f < 3; f++)
            for (uint64_t id = 0; id < NIDS; id++) {
                uint64_t v = runs(t, f, id * 0x100000001ull);
                path_tally *x = v ? path_tallies_find(&chunk, f, id * 0x100000001ull) : NULL;
                if (x) {
                    tally_count_many(&x->t, v, 1);
                    path_tallies_seen(x, t);
                }
            }
        if (t % 7 == 0) path_tallies_lose(&chunk, 2, 1);
    }
    bins b = {0};
    ok(path_tallies_put_bins(&chunk, WIRE_BIN_PATH, put, &b) == 0 && b.n > chunk.n, "put as %zu bins", b.n);
    tally *current = NULL;
    int read = 0;
    for (size_t k = 0; k < b.n; k++) read |= path_tallies_add_bin(&wire, &b.v[k], &current);
    ok(read == 0 && path_tallies_sort(&wire) == 0 && same(&whole, &wire, NTRIALS),
       "read back: the same tallies and first trials");
    is_int((long long)path_tallies_lost(&wire, 2), (NTRIALS + 6) / 7, "function 2's lost trials travel too");
    is_int((long long)path_tallies_lost(&wire, 1), 0, "none lost elsewhere");
    wire_bin orphan = {0, WIRE_BIN_PATH_COUNT, 3, 1};
    current = NULL;
    ok(path_tallies_add_bin(&wire, &orphan, &current) == -1, "a count with no path before it is refused");

    /* a replicate's runs travel under their own head, and read back alike */
    bins runs_bins = {0};
    path_tallies run_wire;
    path_tallies_init(&run_wire);
    current = NULL;
    read = path_tallies_put_bins(&chunk, WIRE_BIN_RUN_PATH, put, &runs_bins);
    int heads = 0;
    for (size_t k = 0; k < runs_bins.n; k++) {
        heads += runs_bins.v[k].pad == WIRE_BIN_RUN_PATH;
        read |= path_tallies_add_bin(&run_wire, &runs_bins.v[k], &current);
    }
    ok(read == 0 && heads == (int)chunk.n && runs_bins.n == b.n && path_tallies_sort(&run_wire) == 0 &&
           same(&whole, &run_wire, NTRIALS),
       "under WIRE_BIN_RUN_PATH heads: the same tallies read back");

    /* a lookup finds what is there and adds nothing */
    size_t n_before = wire.n;
    const path_tally *found = path_tallies_lookup(&wire, whole.items[3].function, whole.items[3].id);
    path_tallies empty;
    path_tallies_init(&empty);
    ok(found && found->id == whole.items[3].id && found->t.hits == whole.items[3].t.hits &&
           !path_tallies_lookup(&wire, 3, 42) && wire.n == n_before && !path_tallies_lookup(&empty, 0, 0),
       "a lookup finds a path with its tally, and not one never seen, adding none");

    free(runs_bins.v);
    path_tallies_free(&run_wire);
    free(b.v);
    path_tallies_free(&chunk);
    path_tallies_free(&first);
    path_tallies_free(&second);
    path_tallies_free(&whole);
    path_tallies_free(&halves);
    path_tallies_free(&back);
    path_tallies_free(&wire);
    return done();
}
