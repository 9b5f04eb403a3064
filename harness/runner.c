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
    int busy;                      /* chunks handed to it and not yet returned */
    wire_chunk chunks[2];          /* those chunks, the running one first */
    uint64_t killed_for_timeout;   /* WIRE_IDLE, or the trial it overran */
    uint64_t seen_trial;           /* the trial it ran when last looked at ... */
    uint64_t seen_since_ns;        /* ... first seen then, */
    uint64_t seen_cpu_ns;          /* ... when the worker had used this much CPU time */
    clockid_t cpu_clock;           /* the worker's CPU-time clock */
    int has_cpu_clock;             /* 0: trials are timed by the wall clock alone */
    int retiring;                  /* said it exits after its last chunk: hand it nothing */
    wire_bin *early;               /* bins of the running chunk sent ahead (partial) */
    size_t nearly;
} worker;

typedef struct range { uint64_t start, count; } range;

typedef struct runner {
    const runner_config *cfg;
    int warned_budget;             /* the out-of-reach warning was given */
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
    double chunk_seconds;          /* the work a chunk is sized for */
    uint64_t recent_bins, recent_trials;   /* what chunks sent since the size was set */
    tally *tallies;
    uint64_t crashes, timeouts, input_errors;
    int idle_deaths;
    runner_result *out;
    struct timespec t0;
    /* In an MPI job rank 0 leases trials to the other ranks and merges their pieces
     * with its own; the others run leases and send pieces back (see "MPI ranks"). */
    int distributed, rank, ranks;
    int *asks;                     /* rank 0: each rank's unanswered asks for a lease */
    double *rates;                 /* rank 0: each rank's trials per second, as it said */
    range *leases;                 /* other ranks: leased trials not yet handed to workers */
    size_t nleases, leases_cap;
    uint64_t done;                 /* other ranks: trials finished here */
    uint64_t decided;              /* the last check point decided */
    uint64_t first_open;           /* the judged counter (judged_slot) found not settled at the last decision */
    double last_checkpoint;
} runner;

static volatile sig_atomic_t stop_requested;   /* set by SIGINT/SIGTERM */
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

#define RESULT_PIPE_BYTES (1 << 20)

static int spawn(runner *r, int w) {
    int cmd[2], res[2];
    if (pipe2(cmd, O_CLOEXEC) != 0) return -1;
    if (pipe2(res, O_CLOEXEC) != 0) { close(cmd[0]); close(cmd[1]); return -1; }
    /* A big program's chunk sends megabytes of bins; with room for them in the pipe
     * the worker goes on while the harness is busy (the most an unprivileged
     * process may ask for by default; smaller still works, only slower). */
    fcntl(res[0], F_SETPIPE_SZ, RESULT_PIPE_BYTES);
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
        worker_loop(r->cfg->mod, &r->cfg->program, r->cfg->seed, cmd[0], res[1], &r->slots[w],
                    r->cfg->worker_rss_limit, r->cfg->sampling, r->cfg->runs_per_trial);
        _exit(0);
    }
    close(cmd[0]);
    close(res[1]);
    r->workers[w] = (worker){pid, cmd[1], res[0], 0, {{0, 0}, {0, 0}}, WIRE_IDLE, WIRE_IDLE, 0, 0, 0, 0, 0, NULL, 0};
    r->workers[w].has_cpu_clock = clock_getcpuclockid(pid, &r->workers[w].cpu_clock) == 0;
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

/* Merges every pending piece that continues the merged prefix, but never past the
 * next decision point: trials beyond it must not influence that decision. */
static int merge_ready(runner *r) {
    while (r->npending > 0 && r->pending[0].start == r->frontier &&
           r->frontier < r->next_decision) {
        piece p = r->pending[0];
        memmove(r->pending, r->pending + 1, (r->npending - 1) * sizeof *r->pending);
        r->npending--;
        /* a big program's bins hit cold tallies: ask for each tally 16 bins ahead,
         * and for its bin 8 ahead, so the misses overlap */
        for (size_t k = 0; k < p.nbins; k++) {
            if (k + 16 < p.nbins) __builtin_prefetch(&r->tallies[p.bins[k + 16].block]);
            if (k + 8 < p.nbins) tally_prefetch(&r->tallies[p.bins[k + 8].block], p.bins[k + 8].value);
            if (tally_add(&r->tallies[p.bins[k].block], p.bins[k].value, p.bins[k].trials) != 0)
                return -1;
        }
        for (size_t k = 0; k < p.naborted; k++) {
            if (p.aborted[k] & WIRE_INPUT_ERROR) {
                r->input_errors++;
                note_failure(r, p.aborted[k] & ~WIRE_INPUT_ERROR, FAILURE_INPUT, 0);
            } else {
                r->crashes++;
                note_failure(r, p.aborted[k], FAILURE_CRASH, SIGABRT);
            }
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

static int ask_for_lease(runner *r);

/* How far fresh trials may be handed out: two check points past the next one, or,
 * when that is more, enough of the run's work past the merged trials to keep every
 * worker's two chunks (2.5 chunk durations) or every MPI rank's two leases
 * (LEASE_HORIZON_SECONDS) filled, which early check points (close together) could
 * not. What runs past the stop is wasted, so no more than that. */
#define LEASE_HORIZON_SECONDS 0.25

static uint64_t horizon(const runner *r) {
    uint64_t max = r->cfg->max_trials;
    uint64_t h = schedule_next(schedule_next(r->next_decision, max), max);
    double t = seconds_since(&r->t0);
    double seconds = r->distributed ? LEASE_HORIZON_SECONDS : 2.5 * r->chunk_seconds;
    double ahead = t > 0 ? (double)r->frontier / t * seconds : 0;
    if (ahead > (double)(max - r->frontier)) ahead = (double)(max - r->frontier);
    if (r->frontier + (uint64_t)ahead > h) h = r->frontier + (uint64_t)ahead;
    return h;
}

/* The next range to run, or count 0 when there is nothing to hand out now. Fresh
 * chunks end at check points, so a piece never straddles one; on ranks other than
 * 0 they come from the leases. */
static wire_chunk next_chunk(runner *r) {
    if (r->nrequeued > 0) {
        range g = r->requeued[0];
        memmove(r->requeued, r->requeued + 1, (r->nrequeued - 1) * sizeof *r->requeued);
        r->nrequeued--;
        return (wire_chunk){g.start, g.count};
    }
    uint64_t max = r->cfg->max_trials;
    if (r->distributed && r->rank != 0) {
        if (r->nleases == 0) return (wire_chunk){0, 0};
        range *l = &r->leases[0];
        uint64_t end = l->start + r->chunk_size, boundary = schedule_next(l->start, max);
        if (end > boundary) end = boundary;
        if (end > l->start + l->count) end = l->start + l->count;
        wire_chunk c = {l->start, end - l->start};
        l->count -= c.count;
        l->start = end;
        if (l->count == 0) {   /* the last of this lease: ask for the one after the next */
            memmove(r->leases, r->leases + 1, (r->nleases - 1) * sizeof *r->leases);
            r->nleases--;
            if (ask_for_lease(r) != 0) return (wire_chunk){0, 0};
        }
        return c;
    }
    if (r->next_fresh >= max || r->next_fresh >= horizon(r)) return (wire_chunk){0, 0};
    uint64_t boundary = schedule_next(r->next_fresh, max);
    uint64_t end = r->next_fresh + r->chunk_size;
    if (end > boundary) end = boundary;
    wire_chunk c = {r->next_fresh, end - r->next_fresh};
    r->next_fresh = end;
    return c;
}

/* Every worker holds two chunks: the one it runs, and the next, waiting in its pipe,
 * so that it never waits while the harness merges what it sent. */
static int dispatch(runner *r) {
    for (int w = 0; w < r->cfg->jobs; w++) {
        worker *k = &r->workers[w];
        while (k->busy < 2 && k->pid > 0 && !k->retiring) {
            wire_chunk c = next_chunk(r);
            if (c.count == 0) return 0;
            if (wire_write(k->cmd_fd, &c, sizeof c) != 0) {
                requeue(r, c.start, c.count);   /* the death is handled when its pipe closes */
                break;
            }
            k->chunks[k->busy++] = c;
        }
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
    k->chunks[0] = k->chunks[1];
    k->busy--;
    k->retiring = (int)d.retiring;
    r->recent_bins += p.nbins;
    r->recent_trials += p.count;
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
    k->cmd_fd = k->res_fd = -1;   /* a failed respawn leaves them to retire(), which must not close them again */
    /* the chunk after the running one never started: it runs again elsewhere */
    if (k->busy == 2 && requeue(r, k->chunks[1].start, k->chunks[1].count)) return -1;
    if (k->busy && k->retiring) {
        /* it retired after its last chunk: the one queued behind that never started */
        if (requeue(r, k->chunks[0].start, k->chunks[0].count)) return -1;
    } else if (k->busy) {
        wire_chunk c = k->chunks[0];
        if (t != WIRE_IDLE && t >= c.start && t < c.start + c.count) {
            runner_failure_kind kind = runner_failure_of(status, k->killed_for_timeout == t);
            piece p = {t, 1, NULL, 0, NULL, 0, t, 1 + kind, WIFSIGNALED(status) ? WTERMSIG(status) : 0};
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

runner_failure_kind runner_failure_of(int status, int marked) {
    return marked && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? FAILURE_TIMEOUT : FAILURE_CRASH;
}

/* The CPU time worker K has used, in ns; 0 when its clock cannot be read. */
static uint64_t cpu_ns(const worker *k) {
    struct timespec ts;
    if (!k->has_cpu_clock || clock_gettime(k->cpu_clock, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A trial that waits without using the CPU (sleep, a blocking call) ends at this
 * much wall-clock time, however little CPU time it used. */
static uint64_t wall_ceiling(uint64_t limit) {
    return limit > UINT64_MAX / 20 ? UINT64_MAX : 10 * limit + 1000000000u;
}

/* A trial overran when the same id has been showing while its worker used more CPU
 * time than the limit. CPU time, not the wall clock: a trial that other work on a
 * busy machine kept waiting has not overrun, so a seed gives the same result on a
 * loaded machine as on an idle one. The harness looks at least every 50 ms, so that
 * is the timeout's resolution; the worker's clock is read only once the wall clock
 * is past the limit (CPU time cannot be past it before). */
static void check_timeouts(runner *r) {
    uint64_t limit = (uint64_t)(r->cfg->timeout_s * 1e9), now = now_ns();
    for (int w = 0; w < r->cfg->jobs; w++) {
        worker *k = &r->workers[w];
        if (!k->busy || k->pid <= 0 || k->killed_for_timeout != WIRE_IDLE) continue;
        uint64_t t = __atomic_load_n(&r->slots[w].trial, __ATOMIC_ACQUIRE);
        if (t != k->seen_trial || t == WIRE_IDLE) {
            k->seen_trial = t;
            k->seen_since_ns = now;
            k->seen_cpu_ns = cpu_ns(k);
            continue;
        }
        uint64_t wall = now - k->seen_since_ns;
        if (wall <= limit) continue;
        uint64_t cpu = wall;
        if (k->has_cpu_clock) {
            uint64_t used = cpu_ns(k);
            cpu = used > k->seen_cpu_ns ? used - k->seen_cpu_ns : 0;
        }
        if (cpu > limit || wall > wall_ceiling(limit)) {
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

double runner_block_max_runs(const fsabi_block *b) {
    return b->max_runs == FSABI_RUNS_UNBOUNDED ? INFINITY : (double)b->max_runs;
}

uint64_t runner_family_size(const fsabi_module *mod) {
    uint64_t k = mod->npaths;   /* every path is an estimate of its own */
    for (uint64_t j = 0; j < mod->nblocks; j++) k += !(mod->blocks[j].flags & FSABI_BLOCK_ONCE);
    return k;
}

double runner_path_max_runs(const fsabi_path *p) {
    return p->max_runs == FSABI_RUNS_UNBOUNDED ? INFINITY : (double)p->max_runs;
}

/* The counters the rule waits for: the blocks, then the paths (the MMIO writes
 * between them are reported, never waited for). K-th of judged_count. */
static uint64_t judged_count(const fsabi_module *mod) { return mod->nblocks + mod->npaths; }

static uint64_t judged_slot(const fsabi_module *mod, uint64_t k) {
    return k < mod->nblocks ? k : k + mod->nwrites;
}

/* The facts and the per-run bound the rule takes for counter J: a block's own; a
 * path's, what holds of its rarest block; none for an MMIO write counter. */
static void counter_facts(const fsabi_module *mod, uint64_t j, unsigned *facts, double *bound) {
    *facts = 0;
    *bound = INFINITY;
    if (j < mod->nblocks) {
        *facts = runner_block_facts(&mod->blocks[j]);
        *bound = runner_block_max_runs(&mod->blocks[j]);
    } else if (j >= mod->nblocks + mod->nwrites) {
        *bound = runner_path_max_runs(&mod->paths[j - mod->nblocks - mod->nwrites]);
        *facts = *bound <= 1 ? STOP_FACT_AT_MOST_ONCE : 0u;
    }
}

/* A replicate of K runs totals K times a run's count: the rule judges the totals
 * (i.i.d. across replicates) at K epsilon, against K times every per-run range. A
 * block proven to run once per run is exact when every total is K. */
static void judge_replicates(const runner *r, uint64_t j, const tally_moments *m, block_verdict *v) {
    const fsabi_module *mod = r->cfg->mod;
    double k = (double)r->cfg->runs_per_trial;
    stop_params p = r->cfg->stop;
    if (!p.relative) p.epsilon *= k;
    p.cap *= k;
    unsigned facts;
    double max_runs;
    counter_facts(mod, j, &facts, &max_runs);
    if ((facts & STOP_FACT_ONCE) && m->n > 0 && m->hits == m->n && m->min == r->cfg->runs_per_trial &&
        m->max == r->cfg->runs_per_trial) {
        tally_moments once = *m;
        once.min = once.max = 1;
        once.mean = 1;
        stop_rule_judge_bounded(&p, &once, STOP_FACT_ONCE, 1, v);
        return;
    }
    stop_rule_judge_bounded(&p, m, 0, max_runs * k, v);
}

static void judge(runner *r, uint64_t j, uint64_t valid) {
    const fsabi_module *mod = r->cfg->mod;
    tally_moments_of(&r->tallies[j], valid, &r->out->moments[j]);
    if (r->cfg->runs_per_trial > 1) {
        judge_replicates(r, j, &r->out->moments[j], &r->out->verdicts[j]);
        return;
    }
    unsigned facts;
    double bound;
    counter_facts(mod, j, &facts, &bound);
    stop_rule_judge_bounded(&r->cfg->stop, &r->out->moments[j], facts, bound, &r->out->verdicts[j]);
}

/* Applies the rule to every block, and the MMIO write counters, over the merged
 * trials; returns 1 when all blocks settled. */
static int decide_all(runner *r, int trace) {
    const fsabi_module *mod = r->cfg->mod;
    uint64_t valid = r->frontier - r->crashes - r->timeouts - r->input_errors;
    int all = 1;
    for (uint64_t j = 0; j < fsabi_ncounters(mod); j++) {
        judge(r, j, valid);
        int waited_for = j < mod->nblocks || j >= mod->nblocks + mod->nwrites;
        if (waited_for && r->out->verdicts[j].status == BLOCK_NOT_CONVERGED) all = 0;
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
    uint64_t nb = judged_count(mod), valid = r->frontier - r->crashes - r->timeouts - r->input_errors;
    if (r->cfg->trace || nb == 0 || valid == 0) return decide_all(r, 1);
    for (uint64_t k = 0; k < nb; k++) {
        uint64_t at = (r->first_open + k) % nb, j = judged_slot(mod, at);
        judge(r, j, valid);
        if (r->out->verdicts[j].status == BLOCK_NOT_CONVERGED) {
            r->first_open = at;
            return 0;
        }
    }
    return 1;
}

/* Whether the run should end unsettled: every open block is one that only a bound
 * could settle (stuck) and has been seen the same way long enough that a different
 * trial is unlikely (STOP_GIVE_UP_P). Judges every block, but only when the first
 * open one qualifies. */
static int give_up(runner *r) {
    const fsabi_module *mod = r->cfg->mod;
    const block_verdict *first = &r->out->verdicts[judged_slot(mod, r->first_open)];
    if (judged_count(mod) == 0 || !first->stuck || first->p_upper > STOP_GIVE_UP_P) return 0;
    decide_all(r, 0);
    for (uint64_t k = 0; k < judged_count(mod); k++) {
        const block_verdict *v = &r->out->verdicts[judged_slot(mod, k)];
        if (v->status == BLOCK_NOT_CONVERGED && (!v->stuck || v->p_upper > STOP_GIVE_UP_P)) return 0;
    }
    return 1;
}

/* ---- MPI ranks ----
 *
 * Rank 0 hands out every fresh trial index, to its own workers in chunks and to
 * the other ranks in leases, and merges all pieces in trial order exactly as a
 * single process does; so decisions, and the result, do not depend on the number
 * of ranks. Another rank keeps two leases: when it starts handing out the last
 * trials of one, it asks for the next, and the answer arrives while it works. A
 * rank that is faster finishes its leases sooner and so asks more often. */

/* A piece on the wire: this header, nbins wire_bin records, naborted trial ids. */
typedef struct piece_header {
    uint64_t start, count, crash_trial, failed, signal, nbins, naborted;
} piece_header;

#define LEASE_SECONDS 0.1   /* a lease is about this much of the asking rank's work, */
#define LEASE_MIN 1024      /* and never fewer trials than this */

static int ask_for_lease(runner *r) {
    double t = seconds_since(&r->t0), *rate = malloc(sizeof *rate);
    if (!rate) return -1;
    *rate = t > 0 ? (double)r->done / t : 0;
    return cluster_send(r->cfg->cluster, 0, CLUSTER_ASK, rate, sizeof *rate);
}

/* Another rank's finished piece goes to rank 0 at once. */
static int ship(runner *r, piece *p) {
    piece_header h = {p->start, p->count, p->crash_trial, (uint64_t)p->failed, (uint64_t)p->signal,
                      p->nbins, p->naborted};
    size_t bytes = sizeof h + p->nbins * sizeof *p->bins + p->naborted * sizeof *p->aborted;
    char *buf = malloc(bytes);
    int rc = -1;
    if (buf) {
        memcpy(buf, &h, sizeof h);
        if (p->nbins) memcpy(buf + sizeof h, p->bins, p->nbins * sizeof *p->bins);
        if (p->naborted)
            memcpy(buf + sizeof h + p->nbins * sizeof *p->bins, p->aborted, p->naborted * sizeof *p->aborted);
        rc = cluster_send(r->cfg->cluster, 0, CLUSTER_PIECE, buf, bytes);
    }
    r->done += p->count;
    free(p->bins);
    free(p->aborted);
    return rc;
}

static int ship_pending(runner *r) {
    int rc = 0;
    for (size_t i = 0; i < r->npending; i++)
        if (ship(r, &r->pending[i]) != 0) rc = -1;
    r->npending = 0;
    return rc;
}

/* Rank 0: a piece from another rank joins the pending ones. */
static int take_piece(runner *r, const cluster_message *m) {
    piece_header h;
    if (m->bytes < sizeof h) return -1;
    memcpy(&h, m->data, sizeof h);
    if (m->bytes != sizeof h + h.nbins * sizeof(wire_bin) + h.naborted * sizeof(uint64_t)) return -1;
    piece p = {h.start, h.count, malloc((h.nbins + 1) * sizeof(wire_bin)), h.nbins,
               malloc((h.naborted + 1) * sizeof(uint64_t)), h.naborted, h.crash_trial, (int)h.failed, (int)h.signal};
    if (!p.bins || !p.aborted) { free(p.bins); free(p.aborted); return -1; }
    memcpy(p.bins, (char *)m->data + sizeof h, h.nbins * sizeof(wire_bin));
    memcpy(p.aborted, (char *)m->data + sizeof h + h.nbins * sizeof(wire_bin), h.naborted * sizeof(uint64_t));
    if (add_pending(r, p) != 0) { free(p.bins); free(p.aborted); return -1; }
    return 0;
}

static int send_lease(runner *r, int to, uint64_t start, uint64_t count) {
    uint64_t *v = malloc(2 * sizeof *v);
    if (!v) return -1;
    v[0] = start;
    v[1] = count;
    return cluster_send(r->cfg->cluster, to, CLUSTER_LEASE, v, 2 * sizeof *v);
}

/* Rank 0: answers the asks it can, up to the horizon. */
static int grant_leases(runner *r) {
    uint64_t limit = horizon(r);
    if (limit > r->cfg->max_trials) limit = r->cfg->max_trials;
    for (int k = 1; k < r->ranks; k++) {
        while (r->asks[k] > 0 && r->next_fresh < limit) {
            uint64_t size = (uint64_t)(r->rates[k] * LEASE_SECONDS);
            if (size < LEASE_MIN) size = LEASE_MIN;
            if (size > limit - r->next_fresh) size = limit - r->next_fresh;
            if (send_lease(r, k, r->next_fresh, size) != 0) return -1;
            r->next_fresh += size;
            r->asks[k]--;
        }
    }
    return 0;
}

/* Takes every message that has arrived. Returns 0; 1 when rank 0 said stop; 2 when
 * a rank left before being told; -1 out of memory; -2 a broken job or another
 * rank's error (in r->out->error). */
static int take_messages(runner *r) {
    cluster_message m;
    int got, rc = 0;
    while (rc == 0 && (got = cluster_receive(r->cfg->cluster, &m)) == 1) {
        if (m.tag == CLUSTER_ASK && r->rank == 0 && m.from > 0 && m.from < r->ranks) {
            r->asks[m.from]++;
            if (m.bytes == sizeof(double)) memcpy(&r->rates[m.from], m.data, sizeof(double));
        } else if (m.tag == CLUSTER_PIECE && r->rank == 0) {
            rc = take_piece(r, &m);
        } else if (m.tag == CLUSTER_BYE && r->rank == 0 && m.bytes > 0) {
            snprintf(r->out->error, sizeof r->out->error, "rank %d: %.*s", m.from, (int)m.bytes, (char *)m.data);
            rc = -2;
        } else if (m.tag == CLUSTER_BYE && r->rank == 0) {
            rc = 2;   /* a rank left by itself (a signal): its leases will never come back */
        } else if (m.tag == CLUSTER_LEASE && r->rank != 0 && m.bytes == 2 * sizeof(uint64_t)) {
            range l;
            memcpy(&l.start, m.data, sizeof l.start);
            memcpy(&l.count, (char *)m.data + sizeof l.start, sizeof l.count);
            if (l.count == 0) rc = 1;
            else if (room_for_one((void **)&r->leases, &r->leases_cap, r->nleases, sizeof *r->leases) != 0) rc = -1;
            else r->leases[r->nleases++] = l;
        }
        free(m.data);
    }
    if (got < 0) {
        snprintf(r->out->error, sizeof r->out->error, "an MPI rank stopped answering");
        return -2;
    }
    if (cluster_progress(r->cfg->cluster) < 0) {
        snprintf(r->out->error, sizeof r->out->error, "an MPI rank stopped answering");
        return -2;
    }
    return rc;
}

/* Rank 0 at the end: tells every rank to stop, and takes what they still send
 * until each has said bye, so no send is left waiting. An interrupted job does not
 * wait: a rank may be dead, and the result must be written first. */
static void stop_ranks(runner *r, int wait) {
    for (int k = 1; k < r->ranks; k++) send_lease(r, k, 0, 0);
    int left = r->ranks - 1;
    double until = seconds_since(&r->t0) + 5;
    while (wait && left > 0 && !stop_requested && seconds_since(&r->t0) < until) {
        cluster_message m;
        int got = cluster_receive(r->cfg->cluster, &m);
        if (got < 0) break;
        if (got == 1) {
            if (m.tag == CLUSTER_BYE) left--;
            free(m.data);
            continue;
        }
        cluster_progress(r->cfg->cluster);
        struct timespec t = {0, 200000};
        nanosleep(&t, NULL);
    }
}

/* Another rank at the end: says bye to rank 0, with its error if it had one. */
static void say_bye(runner *r, const char *error) {
    size_t n = error ? strlen(error) : 0;
    char *msg = malloc(n + 1);
    if (!msg) return;
    if (n) memcpy(msg, error, n);
    cluster_send(r->cfg->cluster, 0, CLUSTER_BYE, msg, n);
}

/* The state at the last check point, for a checkpoint file. */
static runner_start state_at_decision(const runner *r) {
    runner_start st = {0};
    st.frontier = r->decided;
    st.next_decision = r->next_decision;
    st.crashes = r->crashes;
    st.timeouts = r->timeouts;
    st.input_errors = r->input_errors;
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
    if (r->cfg->progress == 2)
        fprintf(stderr, "freqsys: %llu trials, %.0f/s, blocks %llu/%llu settled, ETA %s\n",
                (unsigned long long)r->frontier, rate, (unsigned long long)settled,
                (unsigned long long)r->cfg->mod->nblocks, eta);
    else
        fprintf(stderr, "\r\033[K%llu trials  %.0f/s  blocks %llu/%llu settled  ETA %s%s",
                (unsigned long long)r->frontier, rate, (unsigned long long)settled,
                (unsigned long long)r->cfg->mod->nblocks, eta, final ? "\n" : "");
}

/* Once per run, from 1,000 trials on: an open block whose estimated need is past the
 * budget is named with that estimate, so an impossible target is said at once, not
 * after the whole budget. */
static void warn_budget(runner *r) {
    const fsabi_module *mod = r->cfg->mod;
    if (!r->cfg->progress || r->warned_budget || r->frontier < 1000 || r->first_open >= mod->nblocks) return;
    const block_verdict *v = &r->out->verdicts[r->first_open];
    const fsabi_block *b = &mod->blocks[r->first_open];
    if (v->status != BLOCK_NOT_CONVERGED || v->stuck || !(v->n_needed > (double)r->cfg->max_trials)) return;
    r->warned_budget = 1;
    fprintf(stderr, "%sfreqsys: warning: %s %s needs about %.3g trials at this epsilon and confidence, past the "
            "budget of %llu: the run will end not converged unless epsilon is wider, the confidence lower or "
            "the budget (-n, max_trials) larger\n", r->cfg->progress == 1 ? "\r\033[K" : "", b->function,
            b->label, v->n_needed, (unsigned long long)r->cfg->max_trials);
}

/* Chunks are sized in seconds of a worker's work: 20 ms, cheap to send and quick to
 * rebalance, unless they carry many histogram bins per trial (a big program whose
 * trials each run different functions): merging a bin costs the harness about what
 * a short trial costs a worker. Longer chunks repeat more (block, count) pairs, so
 * the duration doubles while chunks send more than BINS_PER_TRIAL_HIGH bins a trial,
 * up to CHUNK_SECONDS_MAX; check points still cut them. */
#define CHUNK_SECONDS_MIN 0.02
#define CHUNK_SECONDS_MAX 0.32
#define BINS_PER_TRIAL_HIGH 0.2
#define BINS_PER_TRIAL_LOW 0.02

static void adapt_chunk(runner *r) {
    double t = seconds_since(&r->t0);
    uint64_t finished = r->distributed && r->rank != 0 ? r->done : r->frontier;
    if (t < 0.005 || finished == 0) return;   /* early: 16-trial chunks would leave the workers idle */
    if (r->recent_trials >= 1000) {
        double per_trial = (double)r->recent_bins / (double)r->recent_trials;
        if (per_trial > BINS_PER_TRIAL_HIGH && r->chunk_seconds < CHUNK_SECONDS_MAX) r->chunk_seconds *= 2;
        else if (per_trial < BINS_PER_TRIAL_LOW && r->chunk_seconds > CHUNK_SECONDS_MIN) r->chunk_seconds /= 2;
        r->recent_bins = r->recent_trials = 0;
    }
    double per_worker = (double)finished / t / r->cfg->jobs / (r->distributed && r->rank == 0 ? r->ranks : 1);
    uint64_t size = (uint64_t)(per_worker * r->chunk_seconds);
    r->chunk_size = size < 1 ? 1 : size > (1u << 20) ? (1u << 20) : size;
}

int runner_run(const runner_config *cfg, runner_result *out) {
    memset(out, 0, sizeof *out);
    runner r = {0};
    r.cfg = cfg;
    r.out = out;
    r.chunk_size = 16;
    r.chunk_seconds = CHUNK_SECONDS_MIN;
    r.next_decision = schedule_next(0, cfg->max_trials);
    clock_gettime(CLOCK_MONOTONIC, &r.t0);
    /* the blocks' counters, the MMIO write counters (reported, never waited for), the paths' */
    size_t nb = fsabi_ncounters(cfg->mod);
    /* under variance reduction, per-run tallies follow the per-replicate ones */
    int replicates = cfg->sampling != SAMPLING_PLAIN;
    size_t ntallies = replicates ? 2 * nb : nb;
    out->moments = calloc(nb + 1, sizeof *out->moments);
    out->verdicts = calloc(nb + 1, sizeof *out->verdicts);
    if (replicates) out->run_moments = calloc(nb + 1, sizeof *out->run_moments);
    r.tallies = calloc(ntallies + 1, sizeof *r.tallies);
    r.workers = calloc((size_t)cfg->jobs, sizeof *r.workers);
    /* no process and no pipes yet, so that the cleanup after a failed start closes nothing it does not own */
    for (int w = 0; r.workers && w < cfg->jobs; w++) r.workers[w] = (worker){.pid = -1, .cmd_fd = -1, .res_fd = -1};
    r.slots = mmap(NULL, (size_t)cfg->jobs * sizeof *r.slots, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!out->moments || !out->verdicts || !r.tallies || !r.workers || r.slots == MAP_FAILED ||
        (replicates && !out->run_moments)) {
        snprintf(out->error, sizeof out->error, "out of memory");
        return -1;
    }
    for (size_t j = 0; j < ntallies; j++) tally_init(&r.tallies[j]);
    if (cfg->cluster && cfg->cluster->size > 1) {
        r.distributed = 1;
        r.rank = cfg->cluster->rank;
        r.ranks = cfg->cluster->size;
        r.asks = calloc((size_t)r.ranks, sizeof *r.asks);
        r.rates = calloc((size_t)r.ranks, sizeof *r.rates);
        if (!r.asks || !r.rates) {
            free(r.asks); free(r.rates);
            snprintf(out->error, sizeof out->error, "out of memory");
            return -1;
        }
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
        r.input_errors = st->input_errors;
        memcpy(out->failures, st->failures, sizeof out->failures);
        out->nfailures = st->nfailures;
        if (r.next_decision > cfg->max_trials) r.next_decision = cfg->max_trials;
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
    int remote = r.distributed && r.rank != 0;
    if (rc == 0 && remote && (ask_for_lease(&r) != 0 || ask_for_lease(&r) != 0)) rc = -1;
    while (rc == 0 && !finished && !out->interrupted) {
        if (stop_requested) { out->interrupted = 1; break; }
        if (cfg->time_limit_s > 0 && seconds_since(&r.t0) >= cfg->time_limit_s) {
            out->time_limited = 1;   /* the trials merged so far are judged below, as at a check point */
            break;
        }
        if (r.distributed) {
            int said = take_messages(&r);
            if (said == 1) { finished = 1; break; }
            if (said == 2) { out->interrupted = 1; break; }
            if (said < 0) { rc = said; break; }
            if (!remote && grant_leases(&r) != 0) { rc = -1; break; }
        }
        if (dispatch(&r) != 0) { rc = -1; break; }
        for (int w = 0; w < cfg->jobs; w++)
            fds[w] = (struct pollfd){r.workers[w].busy || r.workers[w].retiring ? r.workers[w].res_fd : -1,
                                     POLLIN, 0};
        /* in an MPI job messages wait too: look at them every millisecond */
        int n = poll(fds, (nfds_t)cfg->jobs, r.distributed ? 1 : 50);
        if (n < 0 && errno != EINTR) { rc = -1; break; }
        for (int w = 0; w < cfg->jobs && rc == 0; w++) {
            if (!(fds[w].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            int got = receive(&r, &r.workers[w]);
            if (got == 1) got = bury(&r, w);
            if (got < 0) rc = got == -2 ? -2 : -1;
        }
        if (rc) break;
        /* a worker that just sent its chunk gets the next one before the merging,
         * which for a big program takes long enough to leave it idle */
        if (dispatch(&r) != 0) { rc = -1; break; }
        check_timeouts(&r);
        if (remote) {
            if (ship_pending(&r) != 0) { rc = -1; break; }
            adapt_chunk(&r);
            continue;
        }
        if (merge_ready(&r) != 0) { rc = -1; break; }
        while (r.frontier == r.next_decision) {
            int all = decide(&r);
            r.decided = r.next_decision;
            if (all || r.next_decision >= cfg->max_trials) { finished = 1; break; }
            if (!r.cfg->trace && give_up(&r)) { out->gave_up = 1; finished = 1; break; }
            warn_budget(&r);
            if (cfg->stop_after && r.decided >= cfg->stop_after) {
                out->interrupted = 1;   /* a planned pause: the same as an interrupt here */
                break;
            }
            r.next_decision = schedule_next(r.next_decision, cfg->max_trials);
            maybe_checkpoint(&r);
            adapt_chunk(&r);
            if (merge_ready(&r) != 0) { rc = -1; break; }
        }
        if (cfg->progress && r.rank == 0 && seconds_since(&r.t0) - last_progress > (cfg->progress == 1 ? 1.0 : 10.0)) {
            /* the lazy decisions leave settled blocks unjudged: judge all for the count */
            last_progress = seconds_since(&r.t0);
            if (r.frontier == r.decided && r.frontier > 0) decide_all(&r, 0);
            progress(&r, 0);
        }
    }
    if (rc == -1 && !out->error[0]) snprintf(out->error, sizeof out->error, "out of memory");
    if (r.distributed && !remote) stop_ranks(&r, !stop_requested);
    if (remote) say_bye(&r, rc ? out->error : NULL);
    /* Every block's verdict for the report (the lazy decisions skip settled ones). */
    if (rc == 0 && r.rank == 0) decide_all(&r, 0);
    if (replicates) {
        uint64_t valid = r.frontier - r.crashes - r.timeouts - r.input_errors;
        for (size_t j = 0; j < nb; j++) tally_moments_of(&r.tallies[nb + j], valid * cfg->runs_per_trial, &out->run_moments[j]);
    }
    out->trials = r.frontier;
    out->crashes = r.crashes;
    out->timeouts = r.timeouts;
    out->input_errors = r.input_errors;
    out->converged = 1;
    for (size_t k = 0; k < judged_count(cfg->mod); k++)
        if (out->verdicts[judged_slot(cfg->mod, k)].status == BLOCK_NOT_CONVERGED) out->converged = 0;
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
    out->state.input_errors = r.input_errors;
    memcpy(out->state.failures, out->failures, sizeof out->failures);
    out->state.nfailures = out->nfailures;
    out->state.tallies = r.tallies;   /* handed over, for a checkpoint */
    free(r.asks);
    free(r.rates);
    free(r.leases);
    free(r.workers);
    free(fds);
    munmap(r.slots, (size_t)cfg->jobs * sizeof *r.slots);
    if (rc == -1 && !out->error[0]) snprintf(out->error, sizeof out->error, "out of memory");
    return rc ? -1 : 0;
}

void runner_result_free(runner_result *r, size_t ncounters) {
    free(r->run_moments);
    r->run_moments = NULL;
    free(r->moments);
    free(r->verdicts);
    for (size_t j = 0; r->state.tallies && j < ncounters; j++) tally_free(&r->state.tallies[j]);
    free(r->state.tallies);
    r->moments = NULL;
    r->verdicts = NULL;
    r->state.tallies = NULL;
}
