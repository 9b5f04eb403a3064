/* harness/worker.c: runs trials in one process and sends back per-chunk histograms. */
/* SPDX-License-Identifier: MIT */
#include "worker.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "marked_scan.h"
#include "path_tallies.h"
#include "pattern_table.h"
#include "score_sums.h"
#include "tally.h"

/* Bytes the pattern table may hold (besides 24 per function for its lists) before it
 * is sent ahead and let go: enough for the patterns of long chunks, small against
 * the worker's memory limit. */
#define PATTERN_BUDGET ((size_t)16 << 20)
#define QUEUE          32 /* patterns queued before they are added, so their misses overlap */
/* Up to this many counters a worker counts per block (a row of small counts per
 * block, 256 bytes); above, it files per-function patterns, whose memory does not
 * grow with the module. Per block is the faster of the two wherever measured:
 * newton_sqrt (5 counters) 141 against 156 ns a trial, and the generated programs
 * of bench/gen_blocks.sh with 5,004 counters (3.5 to 4.3 million trials per second
 * against 2.9 to 3.5) and 50,004 (3.0 against 2.4 million). */
#define DIRECT_MAX_COUNTERS 65536
/* In direct counting, counts below this are tallied in a plain row per block (an
 * increment, no hashing); entry 0 of a row holds the largest count in it (0: the row
 * is not in use), so sending it reads no further. A row of 16-bit entries is one
 * cache line: a module's rows stay four times denser in the cache than rows of 64
 * 32-bit entries, which is what a trial's collection waits for in a big module. An
 * entry about to wrap moves its trials to the block's tally. */
#define SMALL_VALUES     32
#define SMALL_TRIALS_MAX UINT16_MAX
/* Up to this many counters (their rows 16 KiB, within the first-level cache) the
 * rows are warm: a trial's counts go into them at once, not through the pending
 * list, whose stores and reloads then cost more than they hide. */
#define WARM_ROWS_MAX_COUNTERS 256

#define QUEUE_PAIRS 1024 /* room for the queued patterns' pairs, besides the widest one */
/* Distinct hashed paths a chunk holds before they are sent ahead: bounds the worker's
 * memory when nearly every trial takes a path of its own. */
#define HASHED_CHUNK_PATHS 65536

/* A pattern read from the counters and waiting to be added; its pairs are in the
 * chunk's offsets and values from AT on. */
typedef struct queued_pattern {
    uint64_t hash;
    uint32_t function, first_block, n, at;
} queued_pattern;

typedef struct bin_sink {
    wire_bin *bins;
    size_t n, cap;
    uint32_t block;
    int fd;
} bin_sink;

typedef struct chunk_state {
    int fd;                /* to the harness */
    uint64_t start, count; /* the chunk being run */
    uint64_t trial;        /* the trial being collected */
    bin_sink sink;
    tally *tallies;    /* [nblocks], only those in `used` are non-empty */
    int tallies_ready; /* tally_init has run on every one */
    uint32_t *used;
    size_t nused;
    uint64_t *aborted;
    size_t naborted, aborted_cap;
    pattern_table patterns; /* completed trials not yet in the tallies */
    size_t budget;          /* bytes the table may hold */
    uint32_t *offsets;      /* the queued patterns' pairs, one after another, */
    uint64_t *values;       /* room for QUEUE_PAIRS and the widest function's */
    uint32_t npairs;
    uint64_t *spans;      /* [nfunctions] first_block | nblocks << 32: the functions' rows, at
                           * 8 bytes a function instead of 32, so a big module's trials miss
                           * the cache less when they look up the functions that ran */
    int direct;           /* count into the tallies at once, no patterns */
    int warm;             /* direct, and so few rows that no pending list is needed */
    uint16_t *small;      /* direct: [counter][SMALL_VALUES] trials since the last message */
    uint32_t *small_rows; /* the counters whose rows are in use */
    size_t nsmall_rows;
    uint32_t *pending_at;    /* direct: the last trial's nonzero counters, their rows asked */
    uint64_t *pending_value; /* for and counted at the next collection (see collect_direct) */
    size_t npending, pending_cap;
    queued_pattern queue[QUEUE];
    size_t nqueued;
    path_tallies hashed;      /* the hashed paths' runs per trial since the last message */
    path_tallies hashed_runs; /* under variance reduction, theirs per run of a replicate */
    score_sums *scores;       /* sensitivities: the chunk's sums, sent with its last message */
    uint64_t exits[256];      /* trials of the chunk that called exit(k), by k & 255 */
    int any_exit;
    /* Counts past what the caps and proofs allow (count_limits.h), checked as the
     * counters are read, so the check costs a compare per counter that ran. */
    const count_limits *limits; /* NULL: none */
    const uint64_t *most;       /* what collect checks: limits->most, or `unlimited` where
                                 * the counters hold weighted counts (weigh checks them) */
    uint64_t *unlimited;        /* [ncounters] UINT64_MAX, when needed */
    uint64_t ncounters;
    unsigned over;   /* the trial being collected went past a limit: OVER_* */
    wire_bin *overs; /* the chunk's counters past their limits, WIRE_BIN_OVER bins */
    size_t novers, overs_cap;
    uint32_t *over_at;     /* [ncounters] 1 + the counter's place in overs, 0: none */
    uint64_t over_ends[2]; /* trials of the chunk that returned or exited past a cap, past a proof */
} chunk_state;

#define OVER_CAP   1u
#define OVER_PROOF 2u

static int send_chunk(int fd, chunk_state *c, uint64_t start, uint64_t count, int partial, int retiring,
                      uint64_t error_trial, const char *error);

/* A worker out of memory stops the run with that error, told to the harness on FD
 * (for the chunk from trial START), rather than crashing: a crash outside a trial
 * would only be retried. */
static _Noreturn void worker_out_of_memory(int fd, uint64_t start) {
    static const char msg[] = "a worker ran out of memory";
    wire_done d = {start, 0, 0, 0, 0, 0, start, sizeof msg - 1};
    if (wire_write(fd, &d, sizeof d) == 0) wire_write(fd, msg, sizeof msg - 1);
    _exit(1);
}

/* Counter J ran V times in the run being collected, more than its limit allows: noted
 * for the trial's outcome and for the chunk's last message. Seldom: out of the loops. */
static __attribute__((noinline, cold)) void note_over(chunk_state *c, uint32_t j, uint64_t v) {
    c->over |= v > c->limits->proven[j] ? OVER_PROOF : OVER_CAP;
    if (!c->over_at && !(c->over_at = calloc(c->ncounters + 1, sizeof *c->over_at)))
        worker_out_of_memory(c->fd, c->start);
    if (!c->over_at[j]) {
        if (c->novers == c->overs_cap) {
            size_t cap = c->overs_cap ? 2 * c->overs_cap : 16;
            wire_bin *grown = realloc(c->overs, cap * sizeof *grown);
            if (!grown) worker_out_of_memory(c->fd, c->start);
            c->overs = grown;
            c->overs_cap = cap;
        }
        c->overs[c->novers++] = (wire_bin){j, WIRE_BIN_OVER, 0, 1};
        c->over_at[j] = (uint32_t)c->novers;
    }
    wire_bin *b = &c->overs[c->over_at[j] - 1];
    if (v > b->value) b->value = v;
}

/* Adds TRIALS trials that ran BLOCK VALUE times to the chunk's tallies. A histogram
 * about to outgrow its exact form is sent ahead as a partial message first. */
static inline void count_block(chunk_state *c, uint32_t block, uint64_t value, uint64_t trials) {
    tally *t = &c->tallies[block];
    if (t->nbins >= TALLY_MAX_DISTINCT / 2 && send_chunk(c->fd, c, c->start, c->count, 1, 0, 0, NULL) != 0)
        _exit(1); /* the harness is gone */
    if (t->hits == 0) c->used[c->nused++] = block;
    if (tally_count_many(t, value, trials) != 0) worker_out_of_memory(c->fd, c->start);
}

/* Counts one trial of the queued pattern Q. A table that grew past its budget is sent
 * ahead as a partial message and let go, so memory stays bounded however many
 * distinct patterns the program shows; so is a table that ran out of memory, and the
 * pattern is then counted in a fresh one. */
static void record(chunk_state *c, const queued_pattern *q) {
    const uint32_t *offsets = c->offsets + q->at;
    const uint64_t *values = c->values + q->at;
    if (pattern_table_add_hashed(&c->patterns, q->hash, q->function, q->first_block, offsets, values, q->n) !=
        0) {
        if (send_chunk(c->fd, c, c->start, c->count, 1, 0, 0, NULL) != 0) _exit(1); /* the harness is gone */
        pattern_table_free(&c->patterns);
        if (pattern_table_add_hashed(&c->patterns, q->hash, q->function, q->first_block, offsets, values,
                                     q->n) != 0)
            worker_out_of_memory(c->fd, c->start); /* even for one pattern */
    } else if (pattern_table_bytes(&c->patterns) > c->budget) {
        if (send_chunk(c->fd, c, c->start, c->count, 1, 0, 0, NULL) != 0) _exit(1);
        pattern_table_free(&c->patterns);
    }
}

/* Adds the queued patterns to the table. Their slots were asked for when they were
 * queued; now their patterns are, all before the first add, so that in a big table
 * the misses of a whole queue overlap. */
static void flush(chunk_state *c) {
    for (size_t k = 0; k < c->nqueued; k++)
        pattern_table_prefetch(&c->patterns, c->queue[k].hash, 2, c->queue[k].n);
    for (size_t k = 0; k < c->nqueued; k++) record(c, &c->queue[k]);
    c->nqueued = 0;
    c->npairs = 0;
}

/* Counts BLOCK's VALUE (> 0) of one trial into the chunk's rows or tallies. */
static inline void count_direct(chunk_state *c, uint32_t block, uint64_t v) {
    if (v < SMALL_VALUES) {
        uint16_t *row = c->small + (size_t)block * SMALL_VALUES;
        if (!row[0]) c->small_rows[c->nsmall_rows++] = block;
        if (v > row[0]) row[0] = (uint16_t)v;
        if (++row[v] == SMALL_TRIALS_MAX) {
            row[v] = 0; /* before count_block, whose partial message would send it too */
            count_block(c, block, v, SMALL_TRIALS_MAX);
        }
    } else {
        count_block(c, block, v, 1);
    }
}

/* Counts the pending counters into the rows and tallies. The list is emptied first:
 * a partial message that count_block sends on the way counts none of them twice. */
static void count_pending(chunk_state *c) {
    size_t n = c->npending;
    c->npending = 0;
    /* a count too large for its row goes to the block's tally, asked for with the
     * row (collect_direct); now its bin is, for all of them before the first add */
    for (size_t i = 0; i < n; i++)
        if (c->pending_value[i] >= SMALL_VALUES)
            tally_prefetch(&c->tallies[c->pending_at[i]], c->pending_value[i]);
    for (size_t i = 0; i < n; i++) count_direct(c, c->pending_at[i], c->pending_value[i]);
}

/* Takes the counters [FIRST, FIRST + N) and clears them; with KEEP, each nonzero one
 * goes to the pending list and its row is asked for, to be counted at the next
 * collection: in a big module the rows are cold, and the next trial runs while they
 * arrive, instead of the collection waiting for each in turn. */
static inline void collect_direct(const fsabi_module *mod, chunk_state *c, uint32_t first, uint32_t n,
                                  int keep) {
    uint64_t *counters = mod->counters + first;
    const uint64_t *most = c->most + first;
    if (c->warm) {
        for (uint32_t j = 0; j < n; j++) {
            uint64_t v = counters[j];
            if (!v) continue;
            counters[j] = 0;
            if (!keep) continue;
            if (__builtin_expect(v > most[j], 0)) note_over(c, first + j, v);
            count_direct(c, first + j, v);
        }
        return;
    }
    if (keep && c->npending + n > c->pending_cap) count_pending(c);
    for (uint32_t j = 0; j < n; j++) {
        uint64_t v = counters[j];
        if (!v) continue;
        counters[j] = 0;
        if (!keep) continue;
        if (__builtin_expect(v > most[j], 0)) note_over(c, first + j, v);
        c->pending_at[c->npending] = first + j;
        c->pending_value[c->npending++] = v;
        if (v < SMALL_VALUES)
            __builtin_prefetch(c->small + (size_t)(first + j) * SMALL_VALUES, 1);
        else
            __builtin_prefetch(&c->tallies[first + j], 1);
    }
}

/* collect_direct over the counters of a function's blocks [FIRST, FIRST + N): of a
 * big function only the runs its marks name (marked_scan.h), so that a trial costs
 * the blocks it ran rather than all the blocks of the functions it entered. */
static inline void collect_blocks(const fsabi_module *mod, chunk_state *c, uint32_t first, uint32_t n,
                                  int keep) {
    if (n < FSABI_MARK_MIN_BLOCKS || !mod->marks) {
        collect_direct(mod, c, first, n, keep);
        return;
    }
    uint64_t pos = first, lo, hi;
    while (marked_scan_next(mod->marks, first, n, &pos, &lo, &hi))
        collect_direct(mod, c, (uint32_t)lo, (uint32_t)(hi - lo), keep);
}

/* Appends the nonzero counters [FIRST, FIRST + N) as pairs at offsets from BASE, and
 * clears them; returns how many pairs. With CHECK, a count past its limit is noted. */
static inline uint32_t collect_pairs(const fsabi_module *mod, chunk_state *c, int check, uint32_t base,
                                     uint32_t first, uint32_t n, uint32_t *offsets, uint64_t *values) {
    uint64_t *counters = mod->counters + first;
    const uint64_t *most = c->most + first;
    uint32_t k = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint64_t v = counters[j];
        if (!v) continue;
        counters[j] = 0;
        if (check && __builtin_expect(v > most[j], 0)) note_over(c, first + j, v);
        offsets[k] = first - base + j;
        values[k++] = v;
    }
    return k;
}

/* Sends what the chunk holds ahead, as a partial message (the harness is gone: exit). */
static void send_ahead(chunk_state *c) {
    if (send_chunk(c->fd, c, c->start, c->count, 1, 0, 0, NULL) != 0) _exit(1);
}

/* Counts one trial (TRIAL) in which path ID of FUNCTION ran COUNT times into TALLIES,
 * one of the chunk's: sent ahead first when the chunk holds too many paths, or the
 * path's histogram is about to outgrow its exact form. */
static void count_hashed(chunk_state *c, path_tallies *tallies, uint32_t function, uint64_t id,
                         uint64_t count, uint64_t trial) {
    if (tallies->n >= HASHED_CHUNK_PATHS) send_ahead(c);
    path_tally *x = path_tallies_find(tallies, function, id);
    if (x && x->t.nbins >= TALLY_MAX_DISTINCT / 2) {
        send_ahead(c);
        x = path_tallies_find(tallies, function, id);
    }
    if (!x || tally_count_many(&x->t, count, 1) != 0) worker_out_of_memory(c->fd, c->start);
    path_tallies_seen(x, trial);
}

/* Moves the trial's hashed paths (and the functions that lost counts) from the
 * module's path table into the chunk's tallies (KEEP), and empties the table. */
static void collect_hashed(const fsabi_module *mod, chunk_state *c, int keep) {
    fsabi_path_table *table = mod->path_table;
    for (uint32_t k = 0; keep && k < table->nused; k++) {
        const fsabi_path_slot *slot = &table->slots[table->used[k]];
        count_hashed(c, &c->hashed, slot->function, slot->id, slot->count, c->trial);
    }
    for (uint32_t k = 0; keep && k < table->nlost; k++)
        if (path_tallies_lose(&c->hashed, table->lost_list[k], 1) != 0) worker_out_of_memory(c->fd, c->start);
    fsabi_path_table_clear(table);
}

/* Moves the trial's counters into the chunk's pattern queue (one pattern per function
 * that ran: its blocks, then its paths) and clears them; KEEP 0 only clears. The cost
 * is the counters of the functions that ran, not all counters of the module. */
static void collect(const fsabi_module *mod, chunk_state *c, int keep) {
    if (c->npending) count_pending(c); /* the trial before: its rows have arrived */
    uint32_t nt = *mod->touched_count;
    uint32_t path_base = (uint32_t)fsabi_path_base(mod);
    uint32_t context_base = (uint32_t)(path_base + mod->npaths);
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t fi = mod->touched_list[k];
        uint32_t first = (uint32_t)c->spans[fi], nblocks = (uint32_t)(c->spans[fi] >> 32);
        const fsabi_path_function *pf = mod->path_functions ? &mod->path_functions[fi] : NULL;
        const fsabi_context_function *cf = mod->context_functions ? &mod->context_functions[fi] : NULL;
        uint32_t ncontext = cf ? cf->ncounters : 0;
        mod->fn_touched[fi] = 0;
        if (c->direct) {
            collect_blocks(mod, c, first, nblocks, keep);
            if (pf && pf->npaths) collect_direct(mod, c, path_base + pf->first_path, pf->npaths, keep);
            if (ncontext) collect_direct(mod, c, context_base + cf->first_counter, ncontext, keep);
            continue;
        }
        uint32_t *offsets = c->offsets + c->npairs;
        uint64_t *values = c->values + c->npairs;
        uint32_t n = 0;
        uint64_t pos = first, lo, hi;
        uint8_t *marks = nblocks < FSABI_MARK_MIN_BLOCKS ? NULL : mod->marks; /* as in collect_blocks */
        while (marked_scan_next(marks, first, nblocks, &pos, &lo, &hi))
            n += collect_pairs(mod, c, keep, first, (uint32_t)lo, (uint32_t)(hi - lo), offsets + n,
                               values + n);
        if (pf && pf->npaths)
            n += collect_pairs(mod, c, keep, first, path_base + pf->first_path, pf->npaths, offsets + n,
                               values + n);
        if (ncontext)
            n += collect_pairs(mod, c, keep, first, context_base + cf->first_counter, ncontext, offsets + n,
                               values + n);
        if (!keep || !n) continue;
        uint64_t hash = pattern_table_hash(&c->patterns, fi, offsets, values, n);
        pattern_table_prefetch(&c->patterns, hash, 1, n);
        c->queue[c->nqueued++] = (queued_pattern){hash, fi, first, n, c->npairs};
        c->npairs += n;
        if (c->nqueued == QUEUE || c->npairs > QUEUE_PAIRS) flush(c);
    }
    *mod->touched_count = 0;
    if (mod->path_table) collect_hashed(mod, c, keep);
}

/* collect for warm rows in a module without paths or contexts: only the blocks'
 * counters, straight into the rows. Inline in the trial loop: a small module's
 * trial is short, and what runs between two calls of the entry decides how far the
 * processor overlaps them. */
static inline void collect_warm(const fsabi_module *mod, chunk_state *c) {
    /* in locals: the stores into the counters and rows could otherwise alias them */
    uint32_t nt = *mod->touched_count;
    const uint32_t *touched = mod->touched_list;
    const uint64_t *spans = c->spans;
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t fi = touched[k];
        mod->fn_touched[fi] = 0;
        collect_blocks(mod, c, (uint32_t)spans[fi], (uint32_t)(spans[fi] >> 32), 1);
    }
    *mod->touched_count = 0;
}

static void put_bin(uint64_t value, uint64_t trials, void *ctx) {
    bin_sink *s = ctx;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        wire_bin *bins = realloc(s->bins, cap * sizeof *bins);
        if (!bins) worker_out_of_memory(s->fd, 0);
        s->bins = bins;
        s->cap = cap;
    }
    s->bins[s->n++] = (wire_bin){s->block, 0, value, trials};
}

static int put_wire_bin(const wire_bin *b, void *ctx) {
    bin_sink *s = ctx;
    put_bin(b->value, b->trials, s);
    s->bins[s->n - 1] = *b;
    return 0;
}

static void put_record(const wire_bin *b, void *ctx) {
    put_wire_bin(b, ctx);
}

static void put_pattern_bin(uint32_t block, uint64_t value, uint64_t trials, void *ctx) {
    bin_sink *s = ctx;
    s->block = block;
    put_bin(value, trials, s);
}

/* Sends what the chunk counted since its last message: the per-block histograms
 * (direct counting), and every pattern's pairs as bins of their own. Two patterns
 * that ran a block the same number of times give two bins for it; the harness adds
 * them up, which costs it less than the worker's merging them through cold
 * per-block histograms. */
static int send_chunk(int fd, chunk_state *c, uint64_t start, uint64_t count, int partial, int retiring,
                      uint64_t error_trial, const char *error) {
    bin_sink *sink = &c->sink;
    if (c->npending) count_pending(c);
    sink->n = 0;
    sink->fd = fd;
    for (size_t k = 0; k < c->nsmall_rows; k++) {
        uint16_t *row = c->small + (size_t)c->small_rows[k] * SMALL_VALUES;
        uint32_t largest = row[0];
        sink->block = c->small_rows[k];
        for (uint32_t v = 1; v <= largest; v++)
            if (row[v]) put_bin(v, row[v], sink);
        memset(row, 0, (largest + 1) * sizeof *row);
    }
    c->nsmall_rows = 0;
    for (size_t k = 0; k < c->nused; k++) {
        sink->block = c->used[k];
        tally_each(&c->tallies[c->used[k]], put_bin, sink);
        tally_reset(&c->tallies[c->used[k]]);
    }
    c->nused = 0;
    pattern_table_each(&c->patterns, put_pattern_bin, sink);
    pattern_table_reset(&c->patterns);
    path_tallies_put_bins(&c->hashed, WIRE_BIN_PATH, put_wire_bin, sink);
    path_tallies_free(&c->hashed);
    path_tallies_put_bins(&c->hashed_runs, WIRE_BIN_RUN_PATH, put_wire_bin, sink);
    path_tallies_free(&c->hashed_runs);
    if (c->scores && !partial) score_sums_drain(c->scores, put_record, sink);
    if (c->any_exit && !partial) {
        for (uint32_t k = 0; k < 256; k++)
            if (c->exits[k]) put_wire_bin(&(wire_bin){k, WIRE_BIN_EXIT, 0, c->exits[k]}, sink);
        memset(c->exits, 0, sizeof c->exits);
        c->any_exit = 0;
    }
    if (c->novers && !partial) {
        for (size_t k = 0; k < c->novers; k++) {
            put_wire_bin(&c->overs[k], sink);
            c->over_at[c->overs[k].block] = 0;
        }
        c->novers = 0;
        for (uint32_t k = 0; k < 2; k++)
            if (c->over_ends[k]) put_wire_bin(&(wire_bin){k, WIRE_BIN_OVER_ENDS, 0, c->over_ends[k]}, sink);
        memset(c->over_ends, 0, sizeof c->over_ends);
    }
    size_t elen = error ? strlen(error) : 0;
    if (partial) elen = 0;
    uint64_t naborted = partial ? 0 : c->naborted;
    wire_done d = {start, count, (uint64_t)partial, (uint64_t)retiring, sink->n, naborted, error_trial, elen};
    int rc = wire_write(fd, &d, sizeof d);
    if (!rc && sink->n) rc = wire_write(fd, sink->bins, sink->n * sizeof *sink->bins);
    if (!rc && naborted) rc = wire_write(fd, c->aborted, naborted * sizeof *c->aborted);
    if (!rc && elen) rc = wire_write(fd, error, elen);
    if (!partial) c->naborted = 0;
    return rc;
}

/* Importance sampling: the counters of the functions that ran become count x W x
 * UNIT, rounded to an integer and at least 1 (a count moves by at most one unit, and a
 * block that ran is still seen reached); the weight is at most (1 - mixture)^-K, so only a
 * count past 2^31 could leave 63 bits, and that ends the run with an error naming
 * the trial (chunk from START), never a wrapped count. A block's count is checked
 * against its limit first, as the program ran it. */
static void weigh(const fsabi_module *mod, chunk_state *c, double w, double unit, int fd, uint64_t start,
                  uint64_t trial) {
    uint32_t nt = *mod->touched_count;
    uint32_t path_base = (uint32_t)fsabi_path_base(mod);
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t fi = mod->touched_list[k];
        const fsabi_function *f = &mod->functions[fi];
        const fsabi_path_function *pf = mod->path_functions ? &mod->path_functions[fi] : NULL;
        uint64_t *runs[2] = {mod->counters + f->first_block,
                             pf ? mod->counters + path_base + pf->first_path : NULL};
        uint32_t lens[2] = {f->nblocks, pf ? pf->npaths : 0};
        for (int r = 0; r < 2; r++)
            for (uint32_t j = 0; j < lens[r]; j++) {
                if (!runs[r][j]) continue;
                if (r == 0 && c->limits && runs[0][j] > c->limits->most[f->first_block + j])
                    note_over(c, f->first_block + j, runs[0][j]);
                /* a block that ran stays reached (at least 1 unit): a weight below
                 * half a unit must not make it look skipped */
                double v = fmax(nearbyint((double)runs[r][j] * w * unit), 1.0);
                if (!(v < 0x1p63)) {
                    char msg[160];
                    snprintf(msg, sizeof msg, "trial %llu: a weighted count (%.3g) does not fit 63 bits",
                             (unsigned long long)trial, v);
                    wire_done d = {start, 0, 0, 0, 0, 0, trial, strlen(msg)};
                    if (wire_write(fd, &d, sizeof d) == 0) wire_write(fd, msg, strlen(msg));
                    _exit(1);
                }
                runs[r][j] = (uint64_t)v;
            }
    }
}

/* Resident and mapped memory in bytes, from /proc/self/statm (0 when unreadable). */
static void memory_use(uint64_t *resident, uint64_t *mapped) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, rss = 0;
    if (f && fscanf(f, "%llu %llu", &size, &rss) != 2) size = rss = 0;
    if (f) fclose(f);
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    *resident = rss * page;
    *mapped = size * page;
}

/* A worker that leaked much memory retires, so later trials start clean: past the
 * resident budget, or past half of its address-space limit. */
static int outgrown(uint64_t rss_limit) {
    uint64_t resident, mapped;
    memory_use(&resident, &mapped);
    struct rlimit as;
    int near_as = getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY && mapped > as.rlim_cur / 2;
    return (rss_limit && resident > rss_limit) || near_as;
}

/* A replicate's runs: what each block ran in all, and in each run. */
typedef struct replicate_counts {
    uint64_t *total;  /* [ncounters] */
    uint32_t *blocks; /* the blocks with a nonzero total */
    size_t nblocks;
    uint32_t *run_block; /* (block, count) of every run, one after another */
    uint64_t *run_count;
    size_t npairs, cap;
    path_tallies paths;         /* its hashed paths: each run that took one is a trial of its
                                 * tally, whose sum is the replicate's total; a function that
                                 * lost counts in any run lost them in the replicate */
    fsabi_path_slot *run_paths; /* (function, id, count) of every run, one after another */
    size_t nrun_paths, run_paths_cap;
    int fd; /* to the harness */
} replicate_counts;

/* Moves the counters [FIRST, FIRST + N) of the run that just ended into R and clears
 * them; a count past its limit is noted in C. */
static void take_counters(const fsabi_module *mod, chunk_state *c, replicate_counts *r, uint32_t first,
                          uint32_t n) {
    for (uint32_t j = first; j < first + n; j++) {
        uint64_t v = mod->counters[j];
        if (!v) continue;
        mod->counters[j] = 0;
        if (v > c->most[j]) note_over(c, j, v);
        if (!r->total[j]) r->blocks[r->nblocks++] = j;
        r->total[j] += v;
        if (r->npairs == r->cap) {
            size_t cap = r->cap ? 2 * r->cap : 256;
            uint32_t *run_block = realloc(r->run_block, cap * sizeof *run_block);
            if (run_block) r->run_block = run_block;
            uint64_t *run_count = run_block ? realloc(r->run_count, cap * sizeof *run_count) : NULL;
            if (!run_count) worker_out_of_memory(r->fd, 0);
            r->run_count = run_count;
            r->cap = cap;
        }
        r->run_block[r->npairs] = j;
        r->run_count[r->npairs++] = v;
    }
}

/* Moves the counters of the run that just ended (each function's blocks, then its
 * paths) into R and clears them. */
static void take_run(const fsabi_module *mod, chunk_state *c, replicate_counts *r) {
    uint32_t nt = *mod->touched_count;
    uint32_t path_base = (uint32_t)fsabi_path_base(mod);
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t fi = mod->touched_list[k];
        const fsabi_function *f = &mod->functions[fi];
        const fsabi_path_function *pf = mod->path_functions ? &mod->path_functions[fi] : NULL;
        mod->fn_touched[fi] = 0;
        take_counters(mod, c, r, f->first_block, f->nblocks);
        if (pf && pf->npaths) take_counters(mod, c, r, path_base + pf->first_path, pf->npaths);
        const fsabi_context_function *cf = mod->context_functions ? &mod->context_functions[fi] : NULL;
        if (cf && cf->ncounters)
            take_counters(mod, c, r, (uint32_t)(path_base + mod->npaths) + cf->first_counter, cf->ncounters);
    }
    *mod->touched_count = 0;
}

/* Moves the hashed paths of the run that just ended from the module's path table
 * into R (its totals and its runs' list), and empties the table. */
static void take_run_paths(const fsabi_module *mod, chunk_state *c, replicate_counts *r) {
    fsabi_path_table *table = mod->path_table;
    for (uint32_t k = 0; k < table->nused; k++) {
        const fsabi_path_slot *slot = &table->slots[table->used[k]];
        path_tally *x = path_tallies_find(&r->paths, slot->function, slot->id);
        if (!x || tally_add(&x->t, slot->count, 1) != 0) worker_out_of_memory(c->fd, c->start);
        if (r->nrun_paths == r->run_paths_cap) {
            size_t cap = r->run_paths_cap ? 2 * r->run_paths_cap : 64;
            fsabi_path_slot *grown = realloc(r->run_paths, cap * sizeof *grown);
            if (!grown) worker_out_of_memory(c->fd, c->start);
            r->run_paths = grown;
            r->run_paths_cap = cap;
        }
        r->run_paths[r->nrun_paths++] = *slot;
    }
    for (uint32_t k = 0; k < table->nlost; k++)
        if (path_tallies_lose(&r->paths, table->lost_list[k], 1) != 0) worker_out_of_memory(c->fd, c->start);
    fsabi_path_table_clear(table);
}

/* Counts replicate I, R, into the chunk's tallies and empties R: all at once, so
 * that a replicate ending its worker leaves none of its runs in the tallies. */
static void end_replicate(chunk_state *c, replicate_counts *r, uint64_t ncounters, uint64_t i) {
    for (size_t k = 0; k < r->nblocks; k++) {
        uint32_t j = r->blocks[k];
        count_block(c, j, r->total[j], 1);
        r->total[j] = 0;
    }
    for (size_t k = 0; k < r->npairs; k++)
        count_block(c, (uint32_t)(ncounters + r->run_block[k]), r->run_count[k], 1);
    r->nblocks = 0;
    r->npairs = 0;
    for (size_t k = 0; k < r->paths.n; k++) {
        const path_tally *x = &r->paths.items[k];
        count_hashed(c, &c->hashed, x->function, x->id, (uint64_t)x->t.s1, i);
    }
    for (size_t k = 0; k < r->paths.nlost; k++)
        if (path_tallies_lose(&c->hashed, r->paths.lost[k].function, 1) != 0)
            worker_out_of_memory(c->fd, c->start);
    if (r->paths.n || r->paths.nlost) path_tallies_free(&r->paths);
    for (size_t k = 0; k < r->nrun_paths; k++)
        count_hashed(c, &c->hashed_runs, r->run_paths[k].function, r->run_paths[k].id, r->run_paths[k].count,
                     i);
    r->nrun_paths = 0;
}

/* Runs replicate I: its runs in order, their draws from the points P; a run that
 * stopped (abort, an input that does not fit) is one of the replicate's runs like
 * any other, with what it counted. Returns how the first run that did not end
 * normally ended, or TRIAL_RETURNED. */
static trial_end run_replicate(const fsabi_module *mod, const program_hooks *program, chunk_state *c,
                               sampling_points *p, uint32_t runs, uint64_t seed, uint64_t i,
                               replicate_counts *r) {
    trial_end first = TRIAL_RETURNED;
    for (uint32_t k = 0; k < runs; k++) {
        uint64_t stream = sampling_points_begin(p, i, k);
        trial_end how = program->run_trial(seed, stream);
        if (first == TRIAL_RETURNED && how != TRIAL_RETURNED && how != TRIAL_EXITED) first = how;
        take_run(mod, c, r);
        if (mod->path_table) take_run_paths(mod, c, r);
    }
    return first;
}

/* C's tallies, pattern queue and counting mode for MOD, NTALLIES counters in all, and
 * the LIMITS its counts are checked against (NULL: none); WEIGHED: the counters hold
 * weighted counts when collected, checked before they are weighed instead. */
static void chunk_state_init(chunk_state *c, const fsabi_module *mod, size_t ntallies, int result_fd,
                             const count_limits *limits, int weighed) {
    uint64_t ncounters = fsabi_ncounters(mod);
    c->ncounters = ncounters;
    c->limits = limits;
    c->most = limits ? limits->most : NULL;
    if (!limits || weighed) {
        if (!(c->unlimited = malloc((ncounters + 1) * sizeof *c->unlimited)))
            worker_out_of_memory(result_fd, 0);
        for (uint64_t j = 0; j < ncounters; j++) c->unlimited[j] = UINT64_MAX;
        c->most = c->unlimited;
    }
    c->tallies = calloc(ntallies + 1, sizeof *c->tallies);
    c->used = calloc(ntallies + 1, sizeof *c->used);
    uint32_t widest = 1;
    c->spans = malloc((mod->nfunctions + 1) * sizeof *c->spans);
    if (!c->spans) worker_out_of_memory(result_fd, 0);
    for (uint64_t f = 0; f < mod->nfunctions; f++) {
        c->spans[f] = mod->functions[f].first_block | (uint64_t)mod->functions[f].nblocks << 32;
        uint32_t wide = mod->functions[f].nblocks +
                        (mod->path_functions ? mod->path_functions[f].npaths : 0) +
                        (mod->context_functions ? mod->context_functions[f].ncounters : 0);
        if (wide > widest) widest = wide;
    }
    /* a pattern is read at npairs <= QUEUE_PAIRS, and is at most the widest function */
    c->offsets = malloc((QUEUE_PAIRS + (size_t)widest) * sizeof *c->offsets);
    c->values = malloc((QUEUE_PAIRS + (size_t)widest) * sizeof *c->values);
    if (!c->tallies || !c->used || !c->offsets || !c->values) worker_out_of_memory(result_fd, 0);
    pattern_table_init(&c->patterns);
    /* FREQSYS_COUNTING=direct|patterns overrides the choice: the two must give the
     * same result, and tests/e2e/counting-t.c holds them to it */
    const char *counting = getenv("FREQSYS_COUNTING");
    c->direct = counting && !strcmp(counting, "direct")     ? 1
                : counting && !strcmp(counting, "patterns") ? 0
                                                            : ncounters <= DIRECT_MAX_COUNTERS;
    if (c->direct) {
        size_t bytes = (ncounters * SMALL_VALUES + 1) * sizeof *c->small;
        c->small = aligned_alloc(64, (bytes + 63) / 64 * 64); /* a row per cache line */
        if (c->small) memset(c->small, 0, bytes);
        c->small_rows = calloc(ncounters + 1, sizeof *c->small_rows);
        c->pending_cap = ncounters;
        c->pending_at = calloc(ncounters + 1, sizeof *c->pending_at);
        c->pending_value = calloc(ncounters + 1, sizeof *c->pending_value);
        if (!c->small || !c->small_rows || !c->pending_at || !c->pending_value)
            worker_out_of_memory(result_fd, 0);
        c->warm = ncounters <= WARM_ROWS_MAX_COUNTERS;
    }
    c->budget = PATTERN_BUDGET + 24 * (size_t)mod->nfunctions;
    for (uint64_t j = 0; j < ntallies; j++) tally_init(&c->tallies[j]);
    c->tallies_ready = 1;
    c->fd = result_fd;
}

/* Lists trial I, which failed as HOW, among C's failures (chunk from CHUNK_START). */
static void note_failure(chunk_state *c, uint64_t i, trial_end how, uint64_t chunk_start, int result_fd) {
    if (c->naborted == c->aborted_cap) {
        size_t cap = c->aborted_cap ? 2 * c->aborted_cap : 16;
        uint64_t *aborted = realloc(c->aborted, cap * sizeof *aborted);
        if (!aborted) worker_out_of_memory(result_fd, chunk_start);
        c->aborted = aborted;
        c->aborted_cap = cap;
    }
    c->aborted[c->naborted++] = how == TRIAL_INPUT_ERROR ? i | WIRE_INPUT_ERROR : i;
}

/* What a plain trial I adds besides its counts: its weight times its counts under
 * importance sampling, its scores' sums for sensitivities. */
static void after_trial(const fsabi_module *mod, const program_hooks *program, chunk_state *c, double *scores,
                        double weight_unit, uint64_t i) {
    if (weight_unit > 0 && program->take_weight)
        weigh(mod, c, program->take_weight(), weight_unit, c->fd, c->start, i);
    if (c->scores && program->take_scores) {
        program->take_scores(scores);
        score_sums_trial(c->scores, mod, scores);
    }
}

/* How trial I ended, when it did not return or went past a limit: a crash or an input
 * that does not fit among the failures, whatever it counted; else past a limit, as its
 * outcome (a proof's before a cap's); else an exit among the exit statuses. */
static void note_end(chunk_state *c, const program_hooks *program, uint64_t i, trial_end how, int result_fd) {
    unsigned over = c->over;
    c->over = 0;
    if (how == TRIAL_ABORTED || how == TRIAL_INPUT_ERROR) note_failure(c, i, how, c->start, result_fd);
    if (how == TRIAL_ABORTED || how == TRIAL_INPUT_ERROR) return;
    if (over) {
        c->over_ends[over & OVER_PROOF ? 1 : 0]++;
        return;
    }
    if (how == TRIAL_EXITED) {
        c->exits[(program->exit_status ? program->exit_status() : 0) & 255]++;
        c->any_exit = 1;
    }
}

/* The plain trials [START, END) of a module counted in warm rows, with nothing else
 * to take after a trial: the trial loop of worker_loop with every test that cannot
 * change inside a chunk taken out. A trial of a small function is short, and the
 * fewer instructions and stores run between one call of the entry and the next, the
 * further the processor overlaps the two. Not inlined: in worker_loop's frame its
 * values would live on the stack. */
static __attribute__((noinline)) void run_warm_trials(const fsabi_module *mod, const program_hooks *program,
                                                      wire_slot *slot, uint64_t seed, chunk_state *c,
                                                      uint64_t start, uint64_t end, int result_fd) {
    for (uint64_t i = start; i < end; i++) {
        __atomic_store_n(&slot->trial, i, __ATOMIC_RELEASE);
        trial_end how = program->run_trial(seed, i);
        __atomic_store_n(&slot->trial, WIRE_IDLE, __ATOMIC_RELEASE);
        collect_warm(mod, c);
        if (__builtin_expect(how != TRIAL_RETURNED || c->over, 0)) note_end(c, program, i, how, result_fd);
    }
    c->trial = end - 1;
}

void worker_loop(const worker_config *cfg) {
    const fsabi_module *mod = cfg->mod;
    const program_hooks *program = cfg->program;
    uint64_t seed = cfg->seed, rss_limit = cfg->rss_limit, *shared_totals = cfg->shared_totals;
    int cmd_fd = cfg->cmd_fd, result_fd = cfg->result_fd;
    wire_slot *slot = cfg->slot;
    sampling_method method = cfg->method;
    uint32_t runs = cfg->runs, nscores = cfg->nscores;
    double weight_unit = cfg->weight_unit;
    chunk_state c = {0};
    score_sums scores = {0};
    double *trial_scores = NULL;
    uint64_t ncounters = fsabi_ncounters(mod);
    int replicates = method != SAMPLING_PLAIN;
    size_t ntallies = replicates ? 2 * ncounters : ncounters;
    replicate_counts rep = {0};
    sampling_points *points = NULL;
    if (replicates) {
        /* in shared memory when offered, so a replicate that ends its worker keeps its runs' counts */
        rep.total = shared_totals ? shared_totals : calloc(ncounters + 1, sizeof *rep.total);
        rep.blocks = calloc(ncounters + 1, sizeof *rep.blocks);
        rep.fd = result_fd;
        points = sampling_points_new(method, runs, seed);
        if (!rep.total || !rep.blocks || !points) worker_out_of_memory(result_fd, 0);
        if (!program->set_draw_source) goto done;
        program->set_draw_source(sampling_points_draw, points);
    }
    chunk_state_init(&c, mod, ntallies, result_fd, cfg->limits, weight_unit > 0 && program->take_weight);
    collect(mod, &c, 0); /* whatever module initialisation counted is not a trial */
    if (weight_unit > 0 && program->take_weight) program->take_weight(); /* nothing ran yet */
    if (nscores && !replicates && program->take_scores) {
        trial_scores = calloc(nscores, sizeof *trial_scores);
        if (!trial_scores || score_sums_init(&scores, (uint32_t)mod->nblocks, nscores) != 0)
            worker_out_of_memory(result_fd, 0);
        program->take_scores(trial_scores);
        c.scores = &scores;
    }

    int warm_blocks_only = c.warm && !mod->path_functions && !mod->context_functions && !mod->path_table;
    wire_chunk cmd;
    while (wire_read(cmd_fd, &cmd, sizeof cmd) == 0 && cmd.count > 0) {
        uint64_t end = cmd.start + cmd.count;
        c.start = cmd.start;
        c.count = cmd.count;
        if (warm_blocks_only && !replicates && weight_unit <= 0 && !c.scores)
            run_warm_trials(mod, program, slot, seed, &c, cmd.start, end, result_fd);
        else
            for (uint64_t i = cmd.start; i < end; i++) {
                __atomic_store_n(&slot->trial, i, __ATOMIC_RELEASE);
                trial_end how = replicates ? run_replicate(mod, program, &c, points, runs, seed, i, &rep)
                                           : program->run_trial(seed, i);
                __atomic_store_n(&slot->trial, WIRE_IDLE, __ATOMIC_RELEASE);
                if (weight_unit > 0 || c.scores) after_trial(mod, program, &c, trial_scores, weight_unit, i);
                /* every trial counts what it ran, however it ended: a trial that
                 * stopped early is part of the program's behaviour. abort() is listed
                 * as a crash, an input that does not fit as that trial's own failure. */
                if (replicates) end_replicate(&c, &rep, ncounters, i);
                if (!replicates) {
                    c.trial = i;
                    if (warm_blocks_only)
                        collect_warm(mod, &c);
                    else
                        collect(mod, &c, 1);
                }
                if (how != TRIAL_RETURNED || c.over) note_end(&c, program, i, how, result_fd);
            }
        flush(&c);
        int retiring = outgrown(rss_limit);
        if (send_chunk(result_fd, &c, cmd.start, cmd.count, 0, retiring, 0, NULL) != 0) break;
        if (retiring) break;
    }
done:
    score_sums_free(&scores);
    free(trial_scores);
    sampling_points_free(points);
    if (rep.total != shared_totals) free(rep.total);
    free(rep.blocks);
    free(rep.run_block);
    free(rep.run_count);
    free(c.sink.bins);
    free(c.spans);
    free(c.small);
    free(c.small_rows);
    free(c.pending_at);
    free(c.pending_value);
    pattern_table_free(&c.patterns);
    path_tallies_free(&c.hashed);
    path_tallies_free(&c.hashed_runs);
    path_tallies_free(&rep.paths);
    free(rep.run_paths);
    free(c.offsets);
    free(c.values);
    for (uint64_t j = 0; c.tallies_ready && j < ntallies; j++) tally_free(&c.tallies[j]);
    free(c.tallies);
    free(c.used);
    free(c.aborted);
    free(c.unlimited);
    free(c.overs);
    free(c.over_at);
}
