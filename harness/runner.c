/* harness/runner.c: dispatches chunks of trials to forked workers, merges them in order, and stops by the rule. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "schedule.h"
#include "wire.h"
#include "worker.h"

/* A finished range of trials waiting to be merged: merging happens strictly in
 * trial order, so every decision sees exactly trials 0..n-1. */
typedef struct piece {
    uint64_t start, count;
    wire_bin *bins;
    size_t nbins;
    uint64_t *aborted;
    size_t naborted;
    uint64_t crash_trial;      /* count 1 and failed: this trial crashed or timed out */
    int failed;                /* 0, or 1 + runner_failure_kind */
    int signal;
} piece;

typedef struct worker {
    pid_t pid;
    int cmd_fd, res_fd;
    int busy;
    wire_chunk chunk;
    uint64_t killed_for_timeout;   /* WIRE_IDLE, or the trial it overran */
    uint64_t seen_trial;           /* the trial it ran when last looked at ... */
    uint64_t seen_since_ns;        /* ... first seen then */
    int retiring;                  /* said it exits after its last chunk: hand it nothing */
    wire_bin *early;               /* bins of the running chunk sent ahead (partial) */
    size_t nearly;
} worker;

typedef struct range { uint64_t start, count; } range;

typedef struct runner {
    const runner_config *cfg;
    worker *workers;
    wire_slot *slots;              /* shared with the workers */
    piece *pending;                /* sorted by start */
    size_t npending, pending_cap;
    range *requeued;               /* ranges to run again after a crash, sorted */
    size_t nrequeued, requeued_cap;
    uint64_t next_fresh;           /* first trial never handed out */
    uint64_t frontier;             /* trials [0, frontier) are merged */
    uint64_t next_decision;
    uint64_t chunk_size;
    tally *tallies;
    uint64_t crashes, timeouts;
    int idle_deaths;
    runner_result *out;
    struct timespec t0;
    /* in an MPI job: what this rank merged since the last check point, sent to rank 0 */
    int distributed, rank, ranks;
    wire_bin *outbox;
    size_t noutbox, outbox_cap;
    uint64_t local_crashes, local_timeouts;
    uint64_t decided;              /* the last check point decided */
    int arrived;                   /* announced reaching next_decision to the other ranks */
    uint64_t first_open;           /* the block found not settled at the last decision */
    double last_checkpoint;
} runner;

#define FAILURE_RECORD UINT32_MAX  /* an outbox entry that is a failure, not a bin */

static volatile int stop_requested;   /* set by SIGINT/SIGTERM; an int, as MPI waits read it */
static void on_stop_signal(int sig) { stop_requested = sig; }

static double seconds_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- workers ---- */

static int spawn(runner *r, int w) {
    int cmd[2], res[2];
    if (pipe2(cmd, O_CLOEXEC) != 0) return -1;
    if (pipe2(res, O_CLOEXEC) != 0) { close(cmd[0]); close(cmd[1]); return -1; }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(cmd[0]); close(cmd[1]); close(res[0]); close(res[1]);
        return -1;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        signal(SIGINT, SIG_IGN);     /* Ctrl-C is the harness's to handle */
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {          /* the program's output is not ours to show */
            dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2);
            if (devnull > 2) close(devnull);
        }
        char why[256];
        if (confine_worker(&r->cfg->limits, why, sizeof why) != 0) _exit(CONFINE_EXIT_STATUS);
        worker_loop(r->cfg->mod, r->cfg->seed, cmd[0], res[1], &r->slots[w], r->cfg->worker_rss_limit);
        _exit(0);
    }
    close(cmd[0]);
    close(res[1]);
    r->workers[w] = (worker){pid, cmd[1], res[0], 0, {0, 0}, WIRE_IDLE, WIRE_IDLE, 0, 0, NULL, 0};
    r->slots[w].trial = WIRE_IDLE;
    return 0;
}

static void retire(worker *w) {
    if (w->pid > 0) {
        kill(w->pid, SIGKILL);
        while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    if (w->cmd_fd >= 0) close(w->cmd_fd);
    if (w->res_fd >= 0) close(w->res_fd);
    free(w->early);
    w->early = NULL;
    w->pid = -1;
    w->cmd_fd = w->res_fd = -1;
}

/* ---- pieces and merging ---- */

/* Makes room for one more element of SIZE bytes in the array *V of *CAP elements
 * holding N. Returns 0, or -1 when memory ran out (*V unchanged). */
static int room_for_one(void **v, size_t *cap, size_t n, size_t size) {
    if (n < *cap) return 0;
    size_t bigger = *cap ? 2 * *cap : 16;
    void *w = realloc(*v, bigger * size);
    if (!w) return -1;
    *v = w;
    *cap = bigger;
    return 0;
}

static int add_pending(runner *r, piece p) {
    if (room_for_one((void **)&r->pending, &r->pending_cap, r->npending, sizeof *r->pending)) return -1;
    size_t i = r->npending++;
    while (i > 0 && r->pending[i - 1].start > p.start) { r->pending[i] = r->pending[i - 1]; i--; }
    r->pending[i] = p;
    return 0;
}

static void note_failure(runner *r, uint64_t trial, runner_failure_kind kind, int sig) {
    runner_result *o = r->out;
    runner_failure f = {trial, kind, sig};
    /* keep the smallest trial ids, so the list does not depend on timing */
    size_t n = o->nfailures;
    if (n == RUNNER_MAX_FAILURES) {
        if (trial > o->failures[n - 1].trial) return;
        n--;
    }
    size_t i = n;
    while (i > 0 && o->failures[i - 1].trial > trial) { o->failures[i] = o->failures[i - 1]; i--; }
    o->failures[i] = f;
    o->nfailures = n + 1;
}

static int outbox_push(runner *r, wire_bin b) {
    if (room_for_one((void **)&r->outbox, &r->outbox_cap, r->noutbox, sizeof *r->outbox)) return -1;
    r->outbox[r->noutbox++] = b;
    return 0;
}

/* In an MPI job a finished piece goes to the outbox, for rank 0 to merge at the
 * check point: its bins, and its failures as records (trial, kind and signal). */
static int post(runner *r, piece *p) {
    int rc = 0;
    for (size_t k = 0; k < p->nbins && !rc; k++) rc = outbox_push(r, p->bins[k]);
    for (size_t k = 0; k < p->naborted && !rc; k++) {
        r->local_crashes++;
        rc = outbox_push(r, (wire_bin){FAILURE_RECORD, 0, p->aborted[k], FAILURE_CRASH | (uint64_t)SIGABRT << 8});
    }
    if (p->failed && !rc) {
        runner_failure_kind kind = (runner_failure_kind)(p->failed - 1);
        if (kind == FAILURE_TIMEOUT) r->local_timeouts++; else r->local_crashes++;
        rc = outbox_push(r, (wire_bin){FAILURE_RECORD, 0, p->crash_trial, kind | (uint64_t)(unsigned)p->signal << 8});
    }
    r->frontier += p->count;
    free(p->bins);
    free(p->aborted);
    return rc;
}

/* Merges every pending piece that continues the merged prefix, but never past the
 * next decision point: trials beyond it must not influence that decision. */
static int merge_ready(runner *r) {
    while (r->npending > 0 && r->pending[0].start == r->frontier &&
           r->frontier < r->next_decision) {
        piece p = r->pending[0];
        memmove(r->pending, r->pending + 1, (r->npending - 1) * sizeof *r->pending);
        r->npending--;
        if (r->distributed) {
            if (post(r, &p) != 0) return -1;
            continue;
        }
        for (size_t k = 0; k < p.nbins; k++)
            if (tally_add(&r->tallies[p.bins[k].block], p.bins[k].value, p.bins[k].trials) != 0)
                return -1;
        for (size_t k = 0; k < p.naborted; k++) {
            r->crashes++;
            note_failure(r, p.aborted[k], FAILURE_CRASH, SIGABRT);
        }
        if (p.failed) {
            runner_failure_kind kind = (runner_failure_kind)(p.failed - 1);
            if (kind == FAILURE_TIMEOUT) r->timeouts++; else r->crashes++;
            note_failure(r, p.crash_trial, kind, p.signal);
        }
        free(p.bins);
        free(p.aborted);
        r->frontier += p.count;
    }
    return 0;
}

/* ---- handing out work ---- */

static int requeue(runner *r, uint64_t start, uint64_t count) {
    if (count == 0) return 0;
    if (room_for_one((void **)&r->requeued, &r->requeued_cap, r->nrequeued, sizeof *r->requeued)) return -1;
    size_t i = r->nrequeued++;
    while (i > 0 && r->requeued[i - 1].start > start) { r->requeued[i] = r->requeued[i - 1]; i--; }
    r->requeued[i] = (range){start, count};
    return 0;
}

/* The next range to run, or count 0 when there is nothing to hand out now. Fresh
 * chunks end at decision points, and run at most two decisions ahead. */
static wire_chunk next_chunk(runner *r) {
    if (r->nrequeued > 0) {
        range g = r->requeued[0];
        memmove(r->requeued, r->requeued + 1, (r->nrequeued - 1) * sizeof *r->requeued);
        r->nrequeued--;
        return (wire_chunk){g.start, g.count};
    }
    uint64_t max = r->cfg->max_trials;
    uint64_t horizon = schedule_next(schedule_next(r->next_decision, max), max);
    for (;;) {
        if (r->next_fresh >= max || r->next_fresh >= horizon) return (wire_chunk){0, 0};
        uint64_t boundary = r->next_decision;
        while (boundary <= r->next_fresh && boundary < max) boundary = schedule_next(boundary, max);
        if (r->distributed) {
            /* Each interval between check points is cut into two blocks per rank,
             * dealt round robin: big enough for long chunks, small enough that no
             * rank waits long for another. Other ranks' trials count here as done
             * and empty; their data reaches rank 0 through their own outboxes. */
            uint64_t lo = r->decided, hi = schedule_next(lo, max);
            while (hi <= r->next_fresh && hi < max) { lo = hi; hi = schedule_next(hi, max); }
            uint64_t size = (hi - lo) / (2 * (uint64_t)r->ranks);
            if (size < RUNNER_INTERLEAVE) size = RUNNER_INTERLEAVE;
            uint64_t block = (r->next_fresh - lo) / size, block_end = lo + (block + 1) * size;
            if (block_end > hi) block_end = hi;
            if (block % (uint64_t)r->ranks != (uint64_t)r->rank) {
                uint64_t stop = block_end < boundary ? block_end : boundary;
                if (add_pending(r, (piece){r->next_fresh, stop - r->next_fresh, NULL, 0, NULL, 0, 0, 0, 0}) != 0)
                    return (wire_chunk){0, 0};
                r->next_fresh = stop;
                continue;
            }
            if (boundary > block_end) boundary = block_end;
        }
        uint64_t end = r->next_fresh + r->chunk_size;
        if (end > boundary) end = boundary;
        wire_chunk c = {r->next_fresh, end - r->next_fresh};
        r->next_fresh = end;
        return c;
    }
}

static int dispatch(runner *r) {
    for (int w = 0; w < r->cfg->jobs; w++) {
        worker *k = &r->workers[w];
        if (k->busy || k->pid <= 0 || k->retiring) continue;
        wire_chunk c = next_chunk(r);
        if (c.count == 0) return 0;
        if (wire_write(k->cmd_fd, &c, sizeof c) != 0) {
            requeue(r, c.start, c.count);   /* the death is handled when its pipe closes */
            continue;
        }
        k->busy = 1;
        k->chunk = c;
    }
    return 0;
}

/* ---- results from workers ---- */

static int receive(runner *r, worker *k) {
    wire_done d;
    if (wire_read(k->res_fd, &d, sizeof d) != 0) return 1;   /* the worker died */
    /* bins sent ahead for this chunk come first in the piece */
    piece p = {d.start, d.count, NULL, k->nearly + d.nbins, NULL, d.naborted, 0, 0, 0};
    p.bins = realloc(k->early, (p.nbins + 1) * sizeof *p.bins);
    k->early = NULL;
    k->nearly = 0;
    p.aborted = d.naborted ? malloc(d.naborted * sizeof *p.aborted) : NULL;
    if (!p.bins || (d.naborted && !p.aborted)) return -1;
    if ((d.nbins && wire_read(k->res_fd, p.bins + p.nbins - d.nbins, d.nbins * sizeof *p.bins) != 0) ||
        (d.naborted && wire_read(k->res_fd, p.aborted, d.naborted * sizeof *p.aborted) != 0)) {
        free(p.bins); free(p.aborted);
        return 1;
    }
    if (d.partial) {
        k->early = p.bins;
        k->nearly = p.nbins;
        free(p.aborted);
        return 0;
    }
    if (d.error_len) {
        char msg[768];
        size_t n = d.error_len < sizeof msg - 1 ? d.error_len : sizeof msg - 1;
        if (wire_read(k->res_fd, msg, n) != 0) n = 0;
        msg[n] = '\0';
        snprintf(r->out->error, sizeof r->out->error, "%s (trial %llu)", msg,
                 (unsigned long long)d.error_trial);
        free(p.bins); free(p.aborted);
        return -2;
    }
    k->busy = 0;
    k->retiring = (int)d.retiring;
    if (add_pending(r, p) != 0) return -1;
    return 0;
}

/* A worker died: pin the death on the trial it was running, run the rest again. */
static int bury(runner *r, int w) {
    worker *k = &r->workers[w];
    int status = 0;
    while (waitpid(k->pid, &status, 0) < 0 && errno == EINTR) {}
    k->pid = -1;
    free(k->early);
    k->early = NULL;
    k->nearly = 0;
    uint64_t t = __atomic_load_n(&r->slots[w].trial, __ATOMIC_ACQUIRE);
    close(k->cmd_fd);
    close(k->res_fd);
    if (k->busy) {
        wire_chunk c = k->chunk;
        if (t != WIRE_IDLE && t >= c.start && t < c.start + c.count) {
            int timeout = k->killed_for_timeout == t;
            piece p = {t, 1, NULL, 0, NULL, 0, t, 1 + (timeout ? FAILURE_TIMEOUT : FAILURE_CRASH),
                       WIFSIGNALED(status) ? WTERMSIG(status) : 0};
            if (add_pending(r, p) || requeue(r, c.start, t - c.start) ||
                requeue(r, t + 1, c.start + c.count - t - 1))
                return -1;
        } else {
            if (WIFEXITED(status) && WEXITSTATUS(status) == CONFINE_EXIT_STATUS) {
                snprintf(r->out->error, sizeof r->out->error, "a worker could not apply its limits "
                         "(rlimits, seccomp filter); --allow-writes runs without the filter");
                return -2;
            }
            if (++r->idle_deaths > 8) {
                snprintf(r->out->error, sizeof r->out->error,
                         "workers keep dying outside any trial (last status %d)", status);
                return -2;
            }
            if (requeue(r, c.start, c.count)) return -1;
        }
    }
    if (!k->busy && WIFEXITED(status) && WEXITSTATUS(status) == CONFINE_EXIT_STATUS) {
        snprintf(r->out->error, sizeof r->out->error, "a worker could not apply its limits "
                 "(rlimits, seccomp filter); --allow-writes runs without the filter");
        return -2;
    }
    /* An idle worker that exited by itself retired (it outgrew its memory budget). */
    k->busy = 0;
    if (spawn(r, w) != 0) {
        snprintf(r->out->error, sizeof r->out->error, "cannot start a worker: %s", strerror(errno));
        return -2;
    }
    return 0;
}

/* A trial overran when the same id has been showing for longer than the limit;
 * the harness looks at least every 50 ms, so that is the timeout's resolution. */
static void check_timeouts(runner *r) {
    uint64_t limit = (uint64_t)(r->cfg->timeout_s * 1e9), now = now_ns();
    for (int w = 0; w < r->cfg->jobs; w++) {
        worker *k = &r->workers[w];
        if (!k->busy || k->pid <= 0 || k->killed_for_timeout != WIRE_IDLE) continue;
        uint64_t t = __atomic_load_n(&r->slots[w].trial, __ATOMIC_ACQUIRE);
        if (t != k->seen_trial || t == WIRE_IDLE) {
            k->seen_trial = t;
            k->seen_since_ns = now;
        } else if (now - k->seen_since_ns > limit) {
            k->killed_for_timeout = t;
            kill(k->pid, SIGKILL);
        }
    }
}

/* ---- decisions ---- */

unsigned runner_block_facts(const fsabi_block *b) {
    return (b->flags & FSABI_BLOCK_ONCE ? STOP_FACT_ONCE : 0u) |
           (b->flags & FSABI_BLOCK_AT_MOST_ONCE ? STOP_FACT_AT_MOST_ONCE : 0u);
}

uint64_t runner_family_size(const fsabi_module *mod) {
    uint64_t k = 0;
    for (uint64_t j = 0; j < mod->nblocks; j++) k += !(mod->blocks[j].flags & FSABI_BLOCK_ONCE);
    return k;
}

static void judge(runner *r, uint64_t j, uint64_t valid) {
    const fsabi_module *mod = r->cfg->mod;
    tally_moments_of(&r->tallies[j], valid, &r->out->moments[j]);
    stop_rule_judge(&r->cfg->stop, &r->out->moments[j], j < mod->nblocks ? runner_block_facts(&mod->blocks[j]) : 0,
                    &r->out->verdicts[j]);
}

/* Applies the rule to every block, and the MMIO write counters, over the merged
 * trials; returns 1 when all blocks settled. */
static int decide_all(runner *r, int trace) {
    const fsabi_module *mod = r->cfg->mod;
    uint64_t valid = r->frontier - r->crashes - r->timeouts;
    int all = 1;
    for (uint64_t j = 0; j < mod->nblocks + mod->nwrites; j++) {
        judge(r, j, valid);
        if (j < mod->nblocks && r->out->verdicts[j].status == BLOCK_NOT_CONVERGED) all = 0;
    }
    if (trace && r->cfg->trace) {
        for (uint64_t j = 0; j < mod->nblocks; j++)
            fprintf(r->cfg->trace, "%llu,%llu,%.17g,%.17g\n", (unsigned long long)r->frontier,
                    (unsigned long long)j, r->out->moments[j].mean, r->out->verdicts[j].half_width);
    }
    return all && valid > 0;
}

/* The decision at a check point: are all blocks settled? One open block is enough
 * to say no, so the blocks are judged from the one found open last time on, and
 * the judging stops at the first still open; only a yes judges every block (in the
 * same pass). The answer is the same as judging all, and most check points cost one
 * block instead of thousands. A trace wants every block at every check point. */
static int decide(runner *r) {
    const fsabi_module *mod = r->cfg->mod;
    uint64_t nb = mod->nblocks, valid = r->frontier - r->crashes - r->timeouts;
    if (r->cfg->trace || nb == 0 || valid == 0) return decide_all(r, 1);
    for (uint64_t k = 0; k < nb; k++) {
        uint64_t j = (r->first_open + k) % nb;
        judge(r, j, valid);
        if (r->out->verdicts[j].status == BLOCK_NOT_CONVERGED) {
            r->first_open = j;
            return 0;
        }
    }
    return 1;
}

/* An MPI check point: every rank's outbox goes to rank 0, which merges it into the
 * tallies of all ranks, decides, and tells every rank whether all blocks settled.
 * Returns 0, or -2 when the job broke (a rank died). */
static int exchange(runner *r, int *all) {
    wire_bin *got = NULL;
    size_t ngot = 0;
    uint64_t counts[2] = {r->local_crashes, r->local_timeouts}, verdict = 0;
    int rc = cluster_gather_bins(r->cfg->cluster, r->outbox, r->noutbox, &got, &ngot);
    if (rc == 0) rc = cluster_sum(r->cfg->cluster, counts, 2);
    if (rc != 0) {
        free(got);
        if (rc == CLUSTER_STOPPED) return rc;   /* nothing merged: the last check point stands */
        snprintf(r->out->error, sizeof r->out->error, "an MPI rank stopped answering");
        return -2;
    }
    r->noutbox = 0;
    r->local_crashes = r->local_timeouts = 0;
    if (r->rank == 0) {
        for (size_t k = 0; k < ngot; k++) {
            if (got[k].block == FAILURE_RECORD)
                note_failure(r, got[k].value, (runner_failure_kind)(got[k].trials & 0xff), (int)(got[k].trials >> 8));
            else if (tally_add(&r->tallies[got[k].block], got[k].value, got[k].trials) != 0) {
                free(got);
                return -1;
            }
        }
        r->crashes += counts[0];
        r->timeouts += counts[1];
        verdict = (uint64_t)decide(r);
    }
    free(got);
    r->decided = r->next_decision;   /* rank 0's tallies now hold every trial below it */
    rc = cluster_broadcast(r->cfg->cluster, &verdict, 1);
    if (rc != 0) {
        if (rc == CLUSTER_STOPPED) return rc;
        snprintf(r->out->error, sizeof r->out->error, "an MPI rank stopped answering");
        return -2;
    }
    *all = (int)verdict;
    return 0;
}

/* The state at the last check point, for a checkpoint file. */
static runner_start state_at_decision(const runner *r) {
    runner_start st = {0};
    st.frontier = r->decided;
    st.next_decision = r->next_decision;
    st.crashes = r->crashes;
    st.timeouts = r->timeouts;
    memcpy(st.failures, r->out->failures, sizeof st.failures);
    st.nfailures = r->out->nfailures;
    st.tallies = r->tallies;
    return st;
}

static void maybe_checkpoint(runner *r) {
    const runner_config *cfg = r->cfg;
    double now = seconds_since(&r->t0);
    if (!cfg->on_checkpoint || r->rank != 0 || now - r->last_checkpoint < cfg->checkpoint_every_s) return;
    r->last_checkpoint = now;
    runner_start st = state_at_decision(r);
    cfg->on_checkpoint(&st, cfg->checkpoint_ctx);
}

static void progress(runner *r, int final) {
    double t = seconds_since(&r->t0);
    uint64_t settled = 0, needed = r->frontier;
    for (uint64_t j = 0; j < r->cfg->mod->nblocks; j++) {
        if (r->out->verdicts[j].status != BLOCK_NOT_CONVERGED) settled++;
        else if (r->out->verdicts[j].n_needed > (double)needed) needed = (uint64_t)r->out->verdicts[j].n_needed;
    }
    if (needed > r->cfg->max_trials) needed = r->cfg->max_trials;
    double rate = t > 0 ? (double)r->frontier / t : 0;
    char eta[32] = "?";
    if (rate > 0 && needed >= r->frontier) snprintf(eta, sizeof eta, "%.0fs", (double)(needed - r->frontier) / rate);
    fprintf(stderr, "\r\033[K%llu trials  %.0f/s  blocks %llu/%llu settled  ETA %s%s",
            (unsigned long long)r->frontier, rate, (unsigned long long)settled,
            (unsigned long long)r->cfg->mod->nblocks, eta, final ? "\n" : "");
}

static void adapt_chunk(runner *r) {
    double t = seconds_since(&r->t0);
    if (t < 0.05 || r->frontier == 0) return;
    /* about 20 ms of work per chunk: cheap to send, quick to rebalance */
    double per_worker = (double)r->frontier / t / r->cfg->jobs / (r->distributed ? r->ranks : 1);
    uint64_t size = (uint64_t)(per_worker * 0.02);
    r->chunk_size = size < 1 ? 1 : size > (1u << 20) ? (1u << 20) : size;
}

int runner_run(const runner_config *cfg, runner_result *out) {
    memset(out, 0, sizeof *out);
    runner r = {0};
    r.cfg = cfg;
    r.out = out;
    r.chunk_size = 16;
    r.next_decision = schedule_next(0, cfg->max_trials);
    clock_gettime(CLOCK_MONOTONIC, &r.t0);
    /* the blocks' counters, then the MMIO write counters (reported, never waited for) */
    size_t nb = cfg->mod->nblocks + cfg->mod->nwrites;
    out->moments = calloc(nb + 1, sizeof *out->moments);
    out->verdicts = calloc(nb + 1, sizeof *out->verdicts);
    r.tallies = calloc(nb + 1, sizeof *r.tallies);
    r.workers = calloc((size_t)cfg->jobs, sizeof *r.workers);
    r.slots = mmap(NULL, (size_t)cfg->jobs * sizeof *r.slots, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!out->moments || !out->verdicts || !r.tallies || !r.workers || r.slots == MAP_FAILED) {
        snprintf(out->error, sizeof out->error, "out of memory");
        return -1;
    }
    for (size_t j = 0; j < nb; j++) tally_init(&r.tallies[j]);
    if (cfg->cluster && cfg->cluster->size > 1) {
        cfg->cluster->stop = &stop_requested;
        r.distributed = 1;
        r.rank = cfg->cluster->rank;
        r.ranks = cfg->cluster->size;
    }
    if (cfg->resume) {
        const runner_start *st = cfg->resume;
        for (size_t j = 0; j < nb; j++)
            if (tally_merge(&r.tallies[j], &st->tallies[j]) != 0) {
                snprintf(out->error, sizeof out->error, "out of memory");
                return -1;
            }
        r.frontier = r.next_fresh = st->frontier;
        r.next_decision = st->next_decision;
        r.crashes = st->crashes;
        r.timeouts = st->timeouts;
        memcpy(out->failures, st->failures, sizeof out->failures);
        out->nfailures = st->nfailures;
        if (r.next_decision > cfg->max_trials) r.next_decision = cfg->max_trials;
    }
    if (r.distributed) {   /* where to start: rank 0 has the checkpoint */
        uint64_t start[2] = {r.frontier, r.next_decision};
        if (cluster_broadcast(cfg->cluster, start, 2) != 0) {
            snprintf(out->error, sizeof out->error, "an MPI rank stopped answering");
            return -1;
        }
        r.frontier = r.next_fresh = start[0];
        r.next_decision = start[1];
    }
    r.decided = r.frontier;
    r.last_checkpoint = 0;

    struct sigaction sa = {0}, old_int, old_term, old_pipe;
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    stop_requested = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);

    int rc = 0, finished = 0;
    for (int w = 0; w < cfg->jobs; w++) {
        if (spawn(&r, w) != 0) {
            snprintf(out->error, sizeof out->error, "cannot start a worker: %s", strerror(errno));
            rc = -1;
            break;
        }
    }
    size_t njobs = cfg->jobs > 0 ? (size_t)cfg->jobs : 1;
    struct pollfd *fds = calloc(njobs, sizeof *fds);
    if (!fds) rc = -1;
    double last_progress = 0;
    while (rc == 0 && !finished && !out->interrupted) {
        if (stop_requested) { out->interrupted = 1; break; }
        if (dispatch(&r) != 0) { rc = -1; break; }
        for (int w = 0; w < cfg->jobs; w++)
            fds[w] = (struct pollfd){r.workers[w].busy || r.workers[w].retiring ? r.workers[w].res_fd : -1,
                                     POLLIN, 0};
        int n = poll(fds, (nfds_t)cfg->jobs, r.arrived ? 1 : 50);
        if (n < 0 && errno != EINTR) { rc = -1; break; }
        for (int w = 0; w < cfg->jobs && rc == 0; w++) {
            if (!(fds[w].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            int got = receive(&r, &r.workers[w]);
            if (got == 1) got = bury(&r, w);
            if (got < 0) rc = got == -2 ? -2 : -1;
        }
        if (rc) break;
        check_timeouts(&r);
        if (merge_ready(&r) != 0) { rc = -1; break; }
        while (r.frontier == r.next_decision) {
            int all = 0;
            if (r.distributed) {
                int there = r.arrived || cluster_arrive(cfg->cluster) == 0 ? cluster_arrived(cfg->cluster) : -1;
                r.arrived = 1;
                if (there < 0) {
                    snprintf(out->error, sizeof out->error, "an MPI rank stopped answering");
                    rc = -2;
                    break;
                }
                if (!there) break;   /* keep the workers busy meanwhile */
                r.arrived = 0;
                if ((rc = exchange(&r, &all)) != 0) {
                    if (rc == CLUSTER_STOPPED) { out->interrupted = 1; rc = 0; }
                    break;
                }
            } else {
                all = decide(&r);
            }
            r.decided = r.next_decision;
            if (all || r.next_decision >= cfg->max_trials) { finished = 1; break; }
            if (cfg->stop_after && r.decided >= cfg->stop_after) {
                out->interrupted = 1;   /* a planned pause: the same as an interrupt here */
                break;
            }
            r.next_decision = schedule_next(r.next_decision, cfg->max_trials);
            maybe_checkpoint(&r);
            adapt_chunk(&r);
            if (merge_ready(&r) != 0) { rc = -1; break; }
        }
        if (cfg->progress && r.rank == 0 && seconds_since(&r.t0) - last_progress > 1.0) {
            /* the lazy decisions leave settled blocks unjudged: judge all for the count */
            last_progress = seconds_since(&r.t0);
            if (r.frontier == r.decided && r.frontier > 0) decide_all(&r, 0);
            progress(&r, 0);
        }
    }
    /* Interrupted: report what the prefix says. In an MPI job rank 0 knows all ranks'
     * trials only up to the last check point. */
    if (r.distributed) r.frontier = r.decided;
    /* Every block's verdict for the report (the lazy decisions skip settled ones). */
    if (rc == 0 && r.rank == 0) decide_all(&r, 0);
    out->trials = r.frontier;
    out->crashes = r.crashes;
    out->timeouts = r.timeouts;
    out->converged = 1;
    for (size_t j = 0; j < cfg->mod->nblocks; j++)
        if (out->verdicts[j].status == BLOCK_NOT_CONVERGED) out->converged = 0;
    if (out->interrupted) out->converged = 0;
    out->elapsed_s = seconds_since(&r.t0);
    if (cfg->progress && rc == 0 && r.rank == 0) progress(&r, 1);

    for (int w = 0; w < cfg->jobs; w++) retire(&r.workers[w]);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    for (size_t i = 0; i < r.npending; i++) { free(r.pending[i].bins); free(r.pending[i].aborted); }
    free(r.pending);
    free(r.requeued);
    out->state.frontier = r.frontier;
    out->state.next_decision = r.next_decision;
    out->state.crashes = r.crashes;
    out->state.timeouts = r.timeouts;
    memcpy(out->state.failures, out->failures, sizeof out->failures);
    out->state.nfailures = out->nfailures;
    out->state.tallies = r.tallies;   /* handed over, for a checkpoint */
    free(r.outbox);
    free(r.workers);
    free(fds);
    munmap(r.slots, (size_t)cfg->jobs * sizeof *r.slots);
    if (rc == -1 && !out->error[0]) snprintf(out->error, sizeof out->error, "out of memory");
    return rc ? -1 : 0;
}

void runner_result_free(runner_result *r, size_t ncounters) {
    free(r->moments);
    free(r->verdicts);
    for (size_t j = 0; r->state.tallies && j < ncounters; j++) tally_free(&r->state.tallies[j]);
    free(r->state.tallies);
    r->moments = NULL;
    r->verdicts = NULL;
    r->state.tallies = NULL;
}
