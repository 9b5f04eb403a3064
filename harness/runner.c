/* harness/runner.c: runs the estimation: an event loop that feeds the worker pool, merges in trial order and
 * decides at check points. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "runner.h"

#include <assert.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include "chunk_queue.h"
#include "clopper_pearson.h"
#include "decide.h"
#include "event_loop.h"
#include "hashed_verdict.h"
#include "lease.h"
#include "merge.h"
#include "progress.h"
#include "quantile_check.h"
#include "schedule.h"
#include "score_sums.h"
#include "stop_request.h"
#include "worker_pool.h"

/* What a handler of the loop returns when the run is over (-1 and -2 are errors:
 * out of memory, and an error whose message is in out->error). */
#define RUN_ENDED 1

typedef struct runner {
    const runner_config *cfg;
    runner_result *out;
    struct timespec t0;
    worker_pool pool;
    merge merged; /* trials [0, merged.frontier) and the tallies */
    chunk_queue queue;
    decide judge;
    event_loop loop;
    /* In an MPI job rank 0 leases trials to the other ranks and merges their pieces
     * with its own; the others (remote) run leases and send pieces back. */
    lease lease;
    int distributed, remote, rank;
    uint64_t next_decision;
    uint64_t decided;             /* the last check point decided */
    uint64_t quantile_first_open; /* the block whose quantile was found open last */
    int quantile_held;            /* a quantile kept the run going once the blocks had settled */
    char held_name[256];          /* the block it belongs to, for the progress line */
    int warned_budget;            /* the out-of-reach warning was given */
    int started;                  /* the workers started (not when a stop came first) */
    double last_checkpoint;
} runner;

static double seconds(const runner *r) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - r->t0.tv_sec) + (double)(t.tv_nsec - r->t0.tv_nsec) * 1e-9;
}

/* Seconds on the time limit's clock (runner_config.limit_clock). */
static double limit_seconds(const runner *r) {
    if (!r->cfg->limit_clock) return seconds(r);
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - r->cfg->limit_clock->tv_sec) +
           (double)(t.tv_nsec - r->cfg->limit_clock->tv_nsec) * 1e-9;
}

/* ---- handing out work ---- */

/* How far fresh trials may be handed out: enough to keep every worker's two chunks
 * (2.5 chunk durations) or every MPI rank's two leases filled, which early check
 * points (close together) could not. What runs past the stop is wasted, so no more. */
static uint64_t horizon(const runner *r) {
    double ahead = r->distributed ? LEASE_HORIZON_SECONDS : chunk_queue_ahead_seconds(&r->queue);
    return chunk_queue_horizon(&r->queue, r->merged.frontier, r->next_decision, seconds(r), ahead);
}

/* Every worker holds two chunks: the one it runs, and the next, waiting in its pipe,
 * so that it never waits while the harness merges what it sent. Another rank asks
 * for its next lease when it hands out the last trials of one. */
static int dispatch(runner *r) {
    for (int w = 0; w < r->pool.jobs; w++) {
        while (worker_pool_wants(&r->pool, w)) {
            int lease_done;
            wire_chunk c = chunk_queue_next(&r->queue, r->remote ? 0 : horizon(r), r->remote, &lease_done);
            if (lease_done && lease_ask(&r->lease, seconds(r)) != 0) {
                chunk_queue_rerun(&r->queue, c.start, c.count);
                return -1;
            }
            if (c.count == 0) return 0;
            if (worker_pool_give(&r->pool, w, c) != 0) {
                /* the death is handled when its result pipe closes */
                if (chunk_queue_rerun(&r->queue, c.start, c.count) != 0) return -1;
                break;
            }
        }
    }
    return 0;
}

static void adapt_chunk(runner *r) {
    uint64_t finished = r->remote ? r->lease.done : r->merged.frontier;
    int ranks = r->distributed && !r->remote ? r->lease.ranks : 1;
    chunk_queue_adapt(&r->queue, finished, seconds(r), r->cfg->jobs, ranks, &r->pool.recent_bins,
                      &r->pool.recent_trials);
}

/* ---- check points ---- */

/* The state at the last check point, for a checkpoint file. */
static runner_start state_at_decision(runner *r) {
    runner_start st = {0};
    st.frontier = r->decided;
    st.next_decision = r->next_decision;
    st.crashes = r->merged.crashes;
    st.timeouts = r->merged.timeouts;
    st.input_errors = r->merged.input_errors;
    st.outcomes = r->merged.outcomes;
    memcpy(st.crash_sites, r->merged.crash_sites, sizeof st.crash_sites);
    st.ncrash_sites = r->merged.ncrash_sites;
    st.unbounded = r->merged.unbounded;
    st.over = r->merged.over;
    memcpy(st.failures, r->merged.failures, sizeof st.failures);
    st.nfailures = r->merged.nfailures;
    st.tallies = r->merged.tallies;
    st.hashed = &r->merged.hashed;
    return st;
}

/* Checkpoints are written only right after a decision, when the tallies hold
 * exactly the trials decided on, and at most every checkpoint_every_s seconds. */
static void maybe_checkpoint(runner *r) {
    const runner_config *cfg = r->cfg;
    double now = seconds(r);
    if (!cfg->on_checkpoint || r->rank != 0 || now - r->last_checkpoint < cfg->checkpoint_every_s) return;
    r->last_checkpoint = now;
    runner_start st = state_at_decision(r);
    cfg->on_checkpoint(&st, cfg->checkpoint_ctx);
}

static progress_view view_of(runner *r) {
    const fsabi_module *mod = r->cfg->mod;
    const char *held = NULL;
    if (r->quantile_held && !r->out->converged && r->quantile_first_open < mod->nblocks) {
        const fsabi_block *b = &mod->blocks[r->quantile_first_open];
        snprintf(r->held_name, sizeof r->held_name, "%s %s", b->function, b->label);
        held = r->held_name;
    }
    return (progress_view){
        mod, r->out->verdicts, r->merged.frontier, r->cfg->max_trials, seconds(r), r->cfg->progress, NULL,
        held};
}

/* Where the trial running longest is, when it has run a second or more, into BUF:
 * the progress line names it rather than an ETA that the stuck trial makes void. */
static const char *slow_trial(runner *r, char *buf, size_t n) {
    uint64_t trial, pc;
    double s;
    if (!worker_pool_slowest(&r->pool, 1.0, &trial, &s, &pc)) return NULL;
    const fsabi_module *mod = r->cfg->mod;
    long b = pc && r->cfg->locate_crash ? r->cfg->locate_crash(r->cfg->mark_stuck_ctx, &pc, 1) : -1;
    if (b >= 0 && (uint64_t)b < mod->nblocks)
        snprintf(buf, n, "trial %llu running for %.1f s, in %s %s (%s:%u)", (unsigned long long)trial, s,
                 mod->blocks[b].function, mod->blocks[b].label, mod->blocks[b].file, mod->blocks[b].line);
    else
        snprintf(buf, n, "trial %llu running for %.1f s", (unsigned long long)trial, s);
    return buf;
}

/* The trials whose hashed paths are in the tallies: all but those that ended their worker. */
static uint64_t hashed_trials(const merge *m) {
    return m->frontier - (m->crashes - m->outcomes.aborts) - m->timeouts;
}

/* Takes every decision whose trials are all merged: RUN_ENDED when the run is over. */
static int decide_due(runner *r) {
    const runner_config *cfg = r->cfg;
    while (r->merged.frontier == r->next_decision) {
        /* every trial counts, however it ended */
        uint64_t at = r->merged.frontier, valid = at;
        int all = decide_check(&r->judge, r->merged.tallies, valid, at) &&
                  hashed_verdict_settled(cfg->mod, &cfg->stop, &r->merged.hashed, hashed_trials(&r->merged),
                                         cfg->runs_per_trial);
        if (all && cfg->nquantile_levels &&
            !quantile_check_all(cfg, r->merged.tallies, r->judge.verdicts, valid, &r->quantile_first_open)) {
            all = 0;
            r->quantile_held = 1;
        }
        r->decided = r->next_decision;
        /* a quantile that held the run set its trials, not the last block */
        if (all) r->out->paced_by = r->quantile_held ? 0 : (uint64_t)(decide_last_open_block(&r->judge) + 1);
        if (all || r->next_decision >= cfg->max_trials) return RUN_ENDED;
        if (!cfg->trace && decide_give_up(&r->judge, r->merged.tallies, valid, at)) {
            r->out->gave_up = 1;
            return RUN_ENDED;
        }
        if (!r->warned_budget) {
            progress_view v = view_of(r);
            r->warned_budget = progress_warn_budget(stderr, &v, r->judge.first_open);
        }
        if (cfg->stop_after && r->decided >= cfg->stop_after) {
            r->out->interrupted = 1; /* a planned pause: the same as an interrupt here */
            return RUN_ENDED;
        }
        r->next_decision = schedule_next(r->next_decision, cfg->max_trials);
        maybe_checkpoint(r);
        adapt_chunk(r);
        if (merge_ready(&r->merged, r->next_decision) != 0) return -1;
    }
    return 0;
}

/* ---- the loop's handlers ---- */

static int before_poll(void *ctx) {
    runner *r = ctx;
    if (stop_request_pending()) {
        r->out->interrupted = 1;
        return RUN_ENDED;
    }
    if (r->cfg->time_limit_s > 0 && limit_seconds(r) >= r->cfg->time_limit_s) {
        r->out->time_limited = 1; /* the trials merged so far are judged at the end, as at a check point */
        return RUN_ENDED;
    }
    if (r->distributed) {
        int said = lease_take_messages(&r->lease, &r->merged, &r->queue, r->out->error, sizeof r->out->error);
        if (said == 1) return RUN_ENDED;
        if (said == 2) {
            r->out->interrupted = 1;
            return RUN_ENDED;
        }
        if (said < 0) return said;
        if (!r->remote && lease_grant(&r->lease, &r->queue, horizon(r)) != 0) return -1;
    }
    if (dispatch(r) != 0) return -1;
    for (int w = 0; w < r->pool.jobs; w++) event_loop_watch(&r->loop, w, worker_pool_fd(&r->pool, w));
    return 0;
}

/* A worker died: its trial becomes a failed piece, the rest of its chunks run again. */
static int bury(runner *r, int w) {
    worker_pool_loss loss;
    if (worker_pool_bury(&r->pool, w, &loss, r->out->error, sizeof r->out->error) != 0) return -2;
    if (loss.has_failed && merge_add(&r->merged, loss.failed) != 0) return -1;
    for (int i = 0; i < loss.nrerun; i++)
        if (chunk_queue_rerun(&r->queue, loss.rerun[i].start, loss.rerun[i].count) != 0) return -1;
    return 0;
}

static int on_worker_readable(void *ctx, int w) {
    runner *r = ctx;
    merge_piece p;
    int got = worker_pool_receive(&r->pool, w, &p, r->out->error, sizeof r->out->error);
    if (got == 1) return merge_add(&r->merged, p) != 0 ? -1 : 0;
    if (got == 2) return bury(r, w);
    return got;
}

static int ship_pending(runner *r) {
    int rc = 0;
    for (size_t i = 0; i < r->merged.npending; i++)
        if (lease_ship(&r->lease, &r->merged.pending[i]) != 0) rc = -1;
    r->merged.npending = 0;
    return rc;
}

/* A program that crashes or hangs in every trial is not run for an hour: once no
 * trial has ended well in as many trials as bound P(a trial ends well) by
 * ALL_FAILED_SHARE at the run's confidence (298 at 95%), the run ends, naming the
 * first. A program that fails in most trials but not all is run as any other: its
 * estimates count the failed trials like the rest. */
#define ALL_FAILED_SHARE 0.01
static int all_failing(const runner *r) {
    const merge *m = &r->merged;
    double enough = clopper_pearson_zero_trials(ALL_FAILED_SHARE, 1.0 - r->cfg->stop.confidence);
    return merge_valid(m) == 0 && (double)m->frontier >= enough;
}

static int after_events(void *ctx) {
    runner *r = ctx;
    /* a worker that just sent its chunk gets the next one before the merging, which
     * for a big program takes long enough to leave it idle */
    if (dispatch(r) != 0) return -1;
    if (r->remote) {
        if (ship_pending(r) != 0) return -1;
        adapt_chunk(r);
        return 0;
    }
    if (merge_ready(&r->merged, r->next_decision) != 0) return -1;
    if (all_failing(r)) {
        r->out->all_failed = 1;
        return RUN_ENDED;
    }
    return decide_due(r);
}

static int watch_trials(void *ctx) {
    runner *r = ctx;
    worker_pool_check_timeouts(&r->pool);
    return 0;
}

static int show_progress(void *ctx) {
    runner *r = ctx;
    /* the lazy decisions leave settled blocks unjudged: judge all for the count */
    if (r->merged.frontier == r->decided && r->merged.frontier > 0)
        decide_all(&r->judge, r->merged.tallies, r->merged.frontier, r->merged.frontier, 0);
    progress_view v = view_of(r);
    char slow[512];
    v.slow = slow_trial(r, slow, sizeof slow);
    progress_print(stderr, &v, 0);
    return 0;
}

/* ---- the run ---- */

static int out_of_memory(runner_result *out) {
    snprintf(out->error, sizeof out->error, "out of memory");
    return -1;
}

/* Everything a run holds before its first worker; from CFG->resume when given.
 * Returns 0, or -1 with out->error set (runner_close frees what was made). */
static int runner_open(runner *r) {
    const runner_config *cfg = r->cfg;
    runner_result *out = r->out;
    /* the blocks' counters, the MMIO write counters (reported, never waited for), the
     * paths'; under variance reduction, per-run tallies follow the per-replicate ones */
    size_t nb = fsabi_ncounters(cfg->mod);
    int replicates = cfg->sampling != SAMPLING_PLAIN;
    r->next_decision = schedule_next(0, cfg->max_trials);
    out->moments = calloc(nb + 1, sizeof *out->moments);
    out->verdicts = calloc(nb + 1, sizeof *out->verdicts);
    if (replicates) out->run_moments = calloc(nb + 1, sizeof *out->run_moments);
    r->judge = (decide){.cfg = cfg,
                        .moments = out->moments,
                        .verdicts = out->verdicts,
                        .t0 = cfg->limit_clock ? cfg->limit_clock : &r->t0,
                        .limit_s = cfg->time_limit_s};
    int failed = merge_init(&r->merged, replicates ? 2 * nb : nb);
    r->judge.unbounded = r->merged.unbounded;
    r->judge.over = r->merged.over;
    r->judge.over_raised = &r->merged.over_raised;
    if (cfg->nscores && !replicates && cfg->program.take_scores) {
        out->scores = calloc(1, sizeof *out->scores);
        failed |=
            !out->scores || score_sums_init(out->scores, (uint32_t)cfg->mod->nblocks, cfg->nscores) != 0;
        r->merged.scores = out->scores;
    }
    failed |= worker_pool_open(&r->pool, cfg);
    failed |= event_loop_init(&r->loop, cfg->jobs, r);
    if (failed || !out->moments || !out->verdicts || (replicates && !out->run_moments))
        return out_of_memory(out);
    if (cfg->cluster && cfg->cluster->size > 1) {
        r->distributed = 1;
        r->rank = cfg->cluster->rank;
        r->remote = r->rank != 0;
        if (lease_init(&r->lease, cfg->cluster) != 0) return out_of_memory(out);
    }
    if (cfg->resume) {
        if (merge_resume(&r->merged, cfg->resume, nb) != 0) return out_of_memory(out);
        r->next_decision = cfg->resume->next_decision;
        if (r->next_decision > cfg->max_trials) r->next_decision = cfg->max_trials;
    }
    chunk_queue_init(&r->queue, r->merged.frontier, cfg->max_trials);
    r->decided = r->merged.frontier;
    return 0;
}

/* Starts the workers and runs the loop. Returns 0, -1 (out of memory) or -2 (the
 * error is in out->error). */
static int runner_loop(runner *r) {
    const runner_config *cfg = r->cfg;
    r->started = 1;
    if (worker_pool_start(&r->pool, r->out->error, sizeof r->out->error) != 0) return -2;
    if (r->remote && (lease_ask(&r->lease, seconds(r)) != 0 || lease_ask(&r->lease, seconds(r)) != 0))
        return -1;
    r->loop.before_poll = before_poll;
    r->loop.on_readable = on_worker_readable;
    r->loop.after_events = after_events;
    /* in an MPI job messages wait too: look at them every millisecond */
    r->loop.max_wait_ms = r->distributed ? 1 : 50;
    if (event_loop_add_timer(&r->loop, 0, watch_trials) != 0) return -1;
    if (cfg->progress && r->rank == 0 &&
        event_loop_add_timer(&r->loop, progress_every_s(cfg->progress), show_progress))
        return -1;
    int rc = event_loop_run(&r->loop);
    return rc == RUN_ENDED ? 0 : rc;
}

/* The result from what was merged; RC is the loop's. */
static void runner_report(runner *r, int rc) {
    const runner_config *cfg = r->cfg;
    runner_result *out = r->out;
    size_t nb = fsabi_ncounters(cfg->mod);
    uint64_t valid = r->merged.frontier; /* every trial counts, however it ended */
    if (r->distributed && !r->remote)
        lease_stop_ranks(&r->lease, !stop_request_pending(), stop_request_flag());
    if (r->remote) lease_say_bye(&r->lease, rc ? out->error : NULL);
    /* Every block's verdict for the report (the lazy decisions skip settled ones). */
    if (rc == 0 && r->rank == 0) decide_all(&r->judge, r->merged.tallies, valid, r->merged.frontier, 0);
    if (out->run_moments)
        for (size_t j = 0; j < nb; j++)
            tally_moments_of(&r->merged.tallies[nb + j], valid * cfg->runs_per_trial, &out->run_moments[j]);
    out->trials = r->merged.frontier;
    out->crashes = r->merged.crashes;
    out->timeouts = r->merged.timeouts;
    out->input_errors = r->merged.input_errors;
    out->outcomes = r->merged.outcomes;
    memcpy(out->crash_sites, r->merged.crash_sites, sizeof out->crash_sites);
    out->ncrash_sites = r->merged.ncrash_sites;
    memcpy(out->failures, r->merged.failures, sizeof out->failures);
    out->nfailures = r->merged.nfailures;
    /* a program none of whose trials ended well is reported so, settled or not */
    if (r->merged.frontier > 0 && merge_valid(&r->merged) == 0) out->all_failed = 1;
    /* a cap the trials contradicted, or a proof, fails the run, whatever rests on it */
    out->converged = decide_settled(&r->judge) && !decide_exceeded(&r->judge) && !out->interrupted &&
                     !out->all_failed &&
                     hashed_verdict_settled(cfg->mod, &cfg->stop, &r->merged.hashed,
                                            hashed_trials(&r->merged), cfg->runs_per_trial);
    uint64_t from = 0;
    if (out->converged && cfg->nquantile_levels)
        out->converged =
            valid > 0 && quantile_check_all(cfg, r->merged.tallies, r->judge.verdicts, valid, &from);
    out->elapsed_s = seconds(r);
    if (cfg->progress && rc == 0 && r->rank == 0 && r->started) {
        progress_view v = view_of(r);
        progress_print(stderr, &v, 1);
    }
}

/* Hands the tallies to OUT->state (for a checkpoint) and frees the rest. Returns 0,
 * or -1 when memory ran out (out->error says so). */
static int runner_close(runner *r) {
    runner_result *out = r->out;
    int closed = 0;
    worker_pool_close(&r->pool);
    out->state.frontier = r->merged.frontier;
    out->state.next_decision = r->next_decision;
    out->state.crashes = r->merged.crashes;
    out->state.timeouts = r->merged.timeouts;
    out->state.input_errors = r->merged.input_errors;
    out->state.outcomes = r->merged.outcomes;
    memcpy(out->state.crash_sites, r->merged.crash_sites, sizeof out->state.crash_sites);
    out->state.ncrash_sites = r->merged.ncrash_sites;
    out->state.unbounded = r->merged.unbounded;
    r->merged.unbounded = NULL;
    out->state.over = r->merged.over;
    r->merged.over = NULL;
    memcpy(out->state.failures, r->merged.failures, sizeof out->state.failures);
    out->state.nfailures = r->merged.nfailures;
    out->state.tallies = r->merged.tallies;
    r->merged.tallies = NULL;
    /* the hashed paths, sorted so that the result does not depend on merge order */
    out->state.hashed = malloc(sizeof *out->state.hashed);
    if (out->state.hashed && path_tallies_sort(&r->merged.hashed) == 0) {
        *out->state.hashed = r->merged.hashed;
        path_tallies_init(&r->merged.hashed);
    } else {
        free(out->state.hashed);
        out->state.hashed = NULL;
        closed = out_of_memory(out);
    }
    if (r->merged.hashed_runs.n) { /* the same paths, run by run */
        if ((out->hashed_runs = malloc(sizeof *out->hashed_runs))) {
            *out->hashed_runs = r->merged.hashed_runs;
            path_tallies_init(&r->merged.hashed_runs);
        } else {
            closed = out_of_memory(out);
        }
    }
    merge_free(&r->merged);
    decide_free(&r->judge);
    chunk_queue_free(&r->queue);
    lease_free(&r->lease);
    event_loop_free(&r->loop);
    return closed;
}

int runner_run(const runner_config *cfg, runner_result *out) {
    /* the contracts runner.h states */
    assert(cfg && cfg->mod && cfg->program.run_trial && out);
    assert(cfg->jobs >= 1);
    assert(cfg->sampling == SAMPLING_PLAIN ? cfg->runs_per_trial <= 1 : cfg->runs_per_trial >= 2);
    memset(out, 0, sizeof *out);
    runner r = {0};
    r.cfg = cfg;
    r.out = out;
    clock_gettime(CLOCK_MONOTONIC, &r.t0);
    if (runner_open(&r) != 0) {
        runner_close(&r);
        return -1;
    }
    struct sigaction sa = {0}, old_pipe;
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, &old_pipe);
    /* A stop asked for before this run (in a pilot or the calibration of a run of
     * `freqsys run`, which keeps the request for its whole length) ends it before
     * any worker starts: nothing is run, and the result says interrupted. */
    stop_request_install();
    int rc = 0;
    if (stop_request_pending())
        out->interrupted = 1;
    else
        rc = runner_loop(&r);
    if (rc == -1 && !out->error[0]) out_of_memory(out);
    runner_report(&r, rc);
    if (runner_close(&r) != 0) rc = -1;
    stop_request_restore();
    sigaction(SIGPIPE, &old_pipe, NULL);
    return rc ? -1 : 0;
}

void runner_result_free(runner_result *r, size_t ncounters) {
    if (r->scores) score_sums_free(r->scores);
    free(r->scores);
    r->scores = NULL;
    free(r->run_moments);
    r->run_moments = NULL;
    free(r->moments);
    free(r->verdicts);
    for (size_t j = 0; r->state.tallies && j < ncounters; j++) tally_free(&r->state.tallies[j]);
    free(r->state.tallies);
    free(r->state.unbounded);
    r->state.unbounded = NULL;
    free(r->state.over);
    r->state.over = NULL;
    if (r->state.hashed) path_tallies_free(r->state.hashed);
    free(r->state.hashed);
    r->state.hashed = NULL;
    if (r->hashed_runs) path_tallies_free(r->hashed_runs);
    free(r->hashed_runs);
    r->hashed_runs = NULL;
    r->moments = NULL;
    r->verdicts = NULL;
    r->state.tallies = NULL;
}
