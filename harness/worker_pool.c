/* harness/worker_pool.c: the forked workers: started, fed chunks, read, buried when they die, killed when a
 * trial overruns. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "worker_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "confined_child.h"
#include "worker.h"
#include "worker_signals.h"

#define RESULT_PIPE_BYTES (1 << 20)

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int worker_pool_open(worker_pool *p, const runner_config *cfg) {
    memset(p, 0, sizeof *p);
    p->cfg = cfg;
    p->slots = MAP_FAILED;
    p->workers = calloc(cfg->jobs > 0 ? (size_t)cfg->jobs : 1, sizeof *p->workers);
    if (!p->workers) return -1;
    p->jobs = cfg->jobs;
    /* no process and no pipes yet, so that the cleanup after a failed start closes nothing it does not own */
    for (int w = 0; w < p->jobs; w++) p->workers[w] = (pool_worker){.pid = -1, .cmd_fd = -1, .res_fd = -1};
    p->slots = mmap(NULL, (size_t)p->jobs * sizeof *p->slots, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    p->shares = calloc((size_t)p->jobs, sizeof *p->shares);
    if (p->slots == MAP_FAILED || !p->shares || count_limits_make(cfg, &p->limits) != 0) return -1;
    /* a replicate's totals so far are shared too; without a memory file the workers
     * count privately and a trial that ends its worker contributes nothing */
    size_t nextra = cfg->sampling != SAMPLING_PLAIN ? (size_t)fsabi_ncounters(cfg->mod) : 0;
    for (int w = 0; w < p->jobs; w++) {
        p->shares[w].fd = -1;
        counter_share_open(&p->shares[w], cfg->mod, nextra);
    }
    return 0;
}

/* Worker W of a pool, in its child, with the ends of its pipes. */
typedef struct worker_child {
    const worker_pool *p;
    int w, cmd_fd, res_fd;
    uint64_t *shared_totals;
} worker_child;

/* Before the filter: the shared counters mapped, and the signals that ask where
 * the worker runs, or that kill it, answered. */
static void prepare_worker(void *ctx) {
    worker_child *k = ctx;
    k->shared_totals = counter_share_attach(&k->p->shares[k->w]);
    worker_signals_answer_samples(&k->p->slots[k->w]);
    k->p->slots[k->w].crash_trial = WIRE_IDLE;
    worker_signals_answer_crashes();
}

static void run_worker(void *ctx) {
    const worker_child *k = ctx;
    const runner_config *cfg = k->p->cfg;
    worker_loop(&(worker_config){.mod = cfg->mod,
                                 .program = &cfg->program,
                                 .seed = cfg->seed,
                                 .cmd_fd = k->cmd_fd,
                                 .result_fd = k->res_fd,
                                 .slot = &k->p->slots[k->w],
                                 .rss_limit = cfg->worker_rss_limit,
                                 .method = cfg->sampling,
                                 .runs = cfg->runs_per_trial,
                                 .nscores = cfg->nscores,
                                 .weight_unit = cfg->weight_unit,
                                 .shared_totals = k->shared_totals,
                                 .limits = &k->p->limits});
}

static int spawn(worker_pool *p, int w) {
    int cmd[2], res[2];
    if (pipe2(cmd, O_CLOEXEC) != 0) return -1;
    if (pipe2(res, O_CLOEXEC) != 0) {
        close(cmd[0]);
        close(cmd[1]);
        return -1;
    }
    /* A big program's chunk sends megabytes of bins; with room for them in the pipe
     * the worker goes on while the harness is busy (the most an unprivileged
     * process may ask for by default; smaller still works, only slower). */
    fcntl(res[0], F_SETPIPE_SZ, RESULT_PIPE_BYTES);
    worker_child child = {p, w, cmd[0], res[1], NULL};
    pid_t pid =
        confined_child_start(&(confined_child){&p->cfg->limits, prepare_worker, NULL, run_worker, &child});
    if (pid < 0) {
        close(cmd[0]);
        close(cmd[1]);
        close(res[0]);
        close(res[1]);
        return -1;
    }
    close(cmd[0]);
    close(res[1]);
    pool_worker *k = &p->workers[w];
    *k = (pool_worker){.pid = pid,
                       .cmd_fd = cmd[1],
                       .res_fd = res[0],
                       .killed_for_timeout = WIRE_IDLE,
                       .seen_trial = WIRE_IDLE,
                       .snap_trial = WIRE_IDLE};
    k->has_cpu_clock = clock_getcpuclockid(pid, &k->cpu_clock) == 0;
    p->slots[w].trial = WIRE_IDLE;
    return 0;
}

int worker_pool_start(worker_pool *p, char *err, size_t errlen) {
    for (int w = 0; w < p->jobs; w++) {
        if (spawn(p, w) != 0) {
            snprintf(err, errlen, "cannot start a worker: %s", strerror(errno));
            return -1;
        }
    }
    return 0;
}

static void retire(pool_worker *k) {
    if (k->pid > 0) {
        kill(k->pid, SIGKILL);
        while (waitpid(k->pid, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    if (k->cmd_fd >= 0) close(k->cmd_fd);
    if (k->res_fd >= 0) close(k->res_fd);
    free(k->early);
    k->early = NULL;
    free(k->snapshot);
    k->snapshot = NULL;
    k->pid = -1;
    k->cmd_fd = k->res_fd = -1;
}

void worker_pool_close(worker_pool *p) {
    for (int w = 0; p->workers && w < p->jobs; w++) retire(&p->workers[w]);
    free(p->workers);
    p->workers = NULL;
    if (p->slots != MAP_FAILED) munmap(p->slots, (size_t)p->jobs * sizeof *p->slots);
    p->slots = MAP_FAILED;
    for (int w = 0; p->shares && w < p->jobs; w++) counter_share_close(&p->shares[w]);
    free(p->shares);
    p->shares = NULL;
    count_limits_free(&p->limits);
}

int worker_pool_wants(const worker_pool *p, int w) {
    const pool_worker *k = &p->workers[w];
    return k->busy < 2 && k->pid > 0 && !k->retiring;
}

int worker_pool_give(worker_pool *p, int w, wire_chunk c) {
    pool_worker *k = &p->workers[w];
    if (wire_write(k->cmd_fd, &c, sizeof c) != 0) return -1;
    k->chunks[k->busy++] = c;
    return 0;
}

int worker_pool_fd(const worker_pool *p, int w) {
    const pool_worker *k = &p->workers[w];
    return k->busy || k->retiring ? k->res_fd : -1;
}

/* The input error that stopped worker K, into ERR. */
static void read_input_error(const pool_worker *k, const wire_done *d, char *err, size_t errlen) {
    char msg[768];
    size_t n = d->error_len < sizeof msg - 1 ? d->error_len : sizeof msg - 1;
    if (wire_read(k->res_fd, msg, n) != 0) n = 0;
    msg[n] = '\0';
    snprintf(err, errlen, "%s (trial %llu)", msg, (unsigned long long)d->error_trial);
}

int worker_pool_receive(worker_pool *p, int w, merge_piece *out, char *err, size_t errlen) {
    pool_worker *k = &p->workers[w];
    wire_done d;
    if (wire_read(k->res_fd, &d, sizeof d) != 0) return 2; /* the worker died */
    /* bins sent ahead for this chunk come first in the piece */
    merge_piece pc = {d.start, d.count, NULL, k->nearly + d.nbins, NULL, d.naborted, 0, 0, 0};
    wire_bin *bins = realloc(k->early, (pc.nbins + 1) * sizeof *pc.bins);
    if (!bins) return -1; /* k->early stays, and is freed with the worker */
    pc.bins = bins;
    k->early = NULL;
    k->nearly = 0;
    pc.aborted = d.naborted ? malloc(d.naborted * sizeof *pc.aborted) : NULL;
    if (d.naborted && !pc.aborted) {
        merge_piece_free(&pc);
        return -1;
    }
    if ((d.nbins && wire_read(k->res_fd, pc.bins + pc.nbins - d.nbins, d.nbins * sizeof *pc.bins) != 0) ||
        (d.naborted && wire_read(k->res_fd, pc.aborted, d.naborted * sizeof *pc.aborted) != 0)) {
        merge_piece_free(&pc);
        return 2;
    }
    if (d.partial) {
        k->early = pc.bins;
        k->nearly = pc.nbins;
        free(pc.aborted);
        return 0;
    }
    if (d.error_len) {
        read_input_error(k, &d, err, errlen);
        merge_piece_free(&pc);
        return -2;
    }
    k->chunks[0] = k->chunks[1];
    k->busy--;
    k->retiring = (int)d.retiring;
    p->recent_bins += pc.nbins;
    p->recent_trials += pc.count;
    *out = pc;
    return 1;
}

static void add_rerun(worker_pool_loss *loss, uint64_t start, uint64_t count) {
    if (count > 0) loss->rerun[loss->nrerun++] = (wire_chunk){start, count};
}

/* Appends bin B to piece P. Returns 0, or -1 when memory ran out. */
static int push_bin(merge_piece *p, wire_bin b, size_t *cap) {
    if (p->nbins == *cap) {
        size_t bigger = *cap ? 2 * *cap : 64;
        wire_bin *v = realloc(p->bins, bigger * sizeof *v);
        if (!v) return -1;
        p->bins = v;
        *cap = bigger;
    }
    p->bins[p->nbins++] = b;
    return 0;
}

/* Whether counter J is a block, or a block in a context, that the transform proved
 * never runs in a run that ends (max_runs 0): a run that reached it had no way out. */
static int in_no_way_out(const fsabi_module *mod, size_t j) {
    if (j < mod->nblocks) return mod->blocks[j].max_runs == 0;
    if (j < fsabi_context_base(mod) || !mod->context_functions) return 0;
    uint32_t context;
    return mod->blocks[fsabi_context_block(mod, j - fsabi_context_base(mod), &context)].max_runs == 0;
}

/* The counts the dead worker's trial made, from its shared counters S, as bins of
 * the failed piece P. Under replicate sampling a counter's tally is the replicate's
 * total so far (the shared totals plus the running run's counts), and the tally
 * after the counters the running run's. With MOVING (the counts when the trial
 * overran), a counter that grew since is one the trial was stuck in: it is marked
 * unbounded instead of counted, as its count says only how long it was let run.
 * So is, with TIMED_OUT, a block the trial ran that leads only into code with no
 * way out (if (x) for (;;) ...): its count is finite, but only runs that never end
 * have one, so no cap can make it a mean to settle, and the run gives up on it as
 * on the loop. A count past its limit is told as the worker would have
 * (WIRE_BIN_OVER); how the trial ended stays its outcome. Returns 0, or -1 when
 * memory ran out. */
static int failed_counts(const worker_pool *p, const pool_worker *k, const counter_share *s,
                         const uint64_t *moving, int timed_out, merge_piece *out) {
    if (s->fd < 0) return 0;
    size_t cap = 0, n = s->ncounters, nblocks = (size_t)p->cfg->mod->nblocks;
    int replicates = p->cfg->sampling != SAMPLING_PLAIN;
    uint8_t *stuck = NULL;
    if (moving && k->npcs && p->cfg->mark_stuck) {
        /* the loop it was seen in: its counts may sit in registers, unseen */
        if (!(stuck = calloc(nblocks + 1, 1))) return -1;
        for (int i = 0; i < k->npcs; i++) p->cfg->mark_stuck(p->cfg->mark_stuck_ctx, k->pcs[i], stuck);
    }
    int rc = 0;
    /* importance sampling counts count x weight, and the weight died with the worker:
     * such a trial contributes nothing (docs/statistics.md) */
    int weighted = p->cfg->weight_unit > 0;
    for (size_t j = 0; j < n && rc == 0; j++) {
        uint64_t run = s->view[j], total = run + (replicates ? s->extra_view[j] : 0);
        if ((moving && run != moving[j]) || (stuck && j < nblocks && stuck[j]) ||
            (timed_out && run && in_no_way_out(p->cfg->mod, j))) {
            rc = push_bin(out, (wire_bin){(uint32_t)j, WIRE_BIN_UNBOUNDED, 0, 1}, &cap);
            continue;
        }
        if (total && !weighted) rc = push_bin(out, (wire_bin){(uint32_t)j, 0, total, 1}, &cap);
        if (!rc && run > p->limits.most[j])
            rc = push_bin(out, (wire_bin){(uint32_t)j, WIRE_BIN_OVER, run, 1}, &cap);
        if (!rc && replicates && run) rc = push_bin(out, (wire_bin){(uint32_t)(n + j), 0, run, 1}, &cap);
    }
    free(stuck);
    return rc;
}

/* Where trial T of worker W crashed by SIGNAL, as a bin of P. Returns 0, or -1
 * when memory ran out. */
static int crash_site(const worker_pool *p, int w, uint64_t t, int signal, merge_piece *out) {
    const wire_slot *slot = &p->slots[w];
    long block = -1;
    uint32_t n = slot->ncrash_pcs < WIRE_CRASH_PCS ? slot->ncrash_pcs : WIRE_CRASH_PCS;
    if (slot->crash_trial == t && n && p->cfg->locate_crash)
        block = p->cfg->locate_crash(p->cfg->mark_stuck_ctx, slot->crash_pcs, (int)n);
    size_t cap = out->nbins; /* grow from what is there */
    uint32_t at = block >= 0 ? (uint32_t)block : UINT32_MAX;
    return push_bin(out, (wire_bin){at, WIRE_BIN_CRASH_SITE, (uint64_t)signal, 1}, &cap);
}

/* What worker W, dead with STATUS while showing trial T, leaves of its chunks.
 * Returns 0, -1 when memory ran out, or -2 with the reason in ERR. */
static int account_loss(worker_pool *p, int w, uint64_t t, int status, worker_pool_loss *loss, char *err,
                        size_t errlen) {
    const pool_worker *k = &p->workers[w];
    /* the chunk after the running one never started: it runs again elsewhere */
    if (k->busy == 2) add_rerun(loss, k->chunks[1].start, k->chunks[1].count);
    if (!k->busy) return 0;
    wire_chunk c = k->chunks[0];
    if (k->retiring) {
        /* it retired after its last chunk: the one queued behind that never started */
        add_rerun(loss, c.start, c.count);
    } else if (t != WIRE_IDLE && t >= c.start && t < c.start + c.count) {
        runner_failure_kind kind = runner_failure_of(status, k->killed_for_timeout == t);
        loss->has_failed = 1;
        loss->failed =
            (merge_piece){t, 1, NULL, 0, NULL, 0, t, 1 + kind, WIFSIGNALED(status) ? WTERMSIG(status) : 0};
        const uint64_t *moving = kind == FAILURE_TIMEOUT && k->snap_trial == t ? k->snapshot : NULL;
        if (failed_counts(p, k, &p->shares[w], moving, kind == FAILURE_TIMEOUT, &loss->failed) != 0)
            return -1;
        if (kind == FAILURE_CRASH && crash_site(p, w, t, loss->failed.signal, &loss->failed) != 0) return -1;
        add_rerun(loss, c.start, t - c.start);
        add_rerun(loss, t + 1, c.start + c.count - t - 1);
    } else {
        if (WIFEXITED(status) && WEXITSTATUS(status) == CONFINE_EXIT_STATUS) return -2;
        if (++p->idle_deaths > 8) {
            snprintf(err, errlen, "workers keep dying outside any trial (last status %d)", status);
            return -2;
        }
        add_rerun(loss, c.start, c.count);
    }
    return 0;
}

static void say_confine_failed(char *err, size_t errlen) {
    snprintf(err, errlen,
             "a worker could not apply its limits "
             "(rlimits, seccomp filter); --allow-writes with --allow-network runs without the filter");
}

int worker_pool_bury(worker_pool *p, int w, worker_pool_loss *loss, char *err, size_t errlen) {
    pool_worker *k = &p->workers[w];
    memset(loss, 0, sizeof *loss);
    int status = 0;
    while (waitpid(k->pid, &status, 0) < 0 && errno == EINTR) {
    }
    k->pid = -1;
    free(k->early);
    k->early = NULL;
    k->nearly = 0;
    uint64_t t = __atomic_load_n(&p->slots[w].trial, __ATOMIC_ACQUIRE);
    close(k->cmd_fd);
    close(k->res_fd);
    k->cmd_fd = k->res_fd =
        -1; /* a failed respawn leaves them to retire(), which must not close them again */
    int confine_failed = WIFEXITED(status) && WEXITSTATUS(status) == CONFINE_EXIT_STATUS;
    int lost = account_loss(p, w, t, status, loss, err, errlen);
    free(k->snapshot);
    k->snapshot = NULL;
    k->snap_trial = WIRE_IDLE;
    if (lost == -1) {
        snprintf(err, errlen, "out of memory");
        return -2;
    }
    if (lost != 0) {
        if (confine_failed) say_confine_failed(err, errlen);
        return -2;
    }
    if (!k->busy && confine_failed) {
        say_confine_failed(err, errlen);
        return -2;
    }
    /* An idle worker that exited by itself retired (it outgrew its memory budget). */
    k->busy = 0;
    if (spawn(p, w) != 0) {
        snprintf(err, errlen, "cannot start a worker: %s", strerror(errno));
        return -2;
    }
    return 0;
}

/* The CPU time worker K has used, in ns; 0 when its clock cannot be read. */
static uint64_t cpu_ns(const pool_worker *k) {
    struct timespec ts;
    if (!k->has_cpu_clock || clock_gettime(k->cpu_clock, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A trial that waits without using the CPU (sleep, a blocking call) ends at this
 * much wall-clock time, however little CPU time it used. */
static uint64_t wall_ceiling(uint64_t limit) {
    return limit > UINT64_MAX / 20 ? UINT64_MAX : 10 * limit + 1000000000u;
}

/* Trial T of worker W overran: its counts now are kept, to see which still move,
 * and it is asked where it runs. */
static void start_watch(worker_pool *p, int w, uint64_t t, uint64_t now) {
    pool_worker *k = &p->workers[w];
    const counter_share *s = &p->shares[w];
    if (!k->snapshot && s->fd >= 0) k->snapshot = malloc((s->ncounters + 1) * sizeof *k->snapshot);
    if (k->snapshot) memcpy(k->snapshot, s->view, s->ncounters * sizeof *k->snapshot);
    k->snap_trial = t;
    k->snap_cpu_ns = cpu_ns(k);
    k->snap_wall_ns = now;
    k->npcs = 0;
    k->pc_seq_seen = __atomic_load_n(&p->slots[w].pc_seq, __ATOMIC_ACQUIRE);
    kill(k->pid, WIRE_SAMPLE_SIGNAL);
}

/* Takes the code address worker W answered with, if it did, and asks again. */
static void take_sample(worker_pool *p, int w) {
    pool_worker *k = &p->workers[w];
    uint64_t seq = __atomic_load_n(&p->slots[w].pc_seq, __ATOMIC_ACQUIRE);
    if (seq == k->pc_seq_seen) return;
    k->pc_seq_seen = seq;
    if (k->npcs < (int)(sizeof k->pcs / sizeof k->pcs[0])) {
        k->pcs[k->npcs++] = __atomic_load_n(&p->slots[w].pc, __ATOMIC_RELAXED);
        kill(k->pid, WIRE_SAMPLE_SIGNAL);
    }
}

int worker_pool_slowest(worker_pool *p, double min_s, uint64_t *trial, double *seconds, uint64_t *pc) {
    uint64_t now = now_ns(), longest = 0;
    int at = -1;
    for (int w = 0; w < p->jobs; w++) {
        const pool_worker *k = &p->workers[w];
        uint64_t t = __atomic_load_n(&p->slots[w].trial, __ATOMIC_ACQUIRE);
        if (!k->busy || k->pid <= 0 || t == WIRE_IDLE || t != k->seen_trial) continue;
        if (now - k->seen_since_ns > longest) {
            longest = now - k->seen_since_ns;
            at = w;
        }
    }
    if (at < 0 || (double)longest * 1e-9 < min_s) return 0;
    /* only a trial that computes is asked: a signal would cut a sleep short */
    const pool_worker *k = &p->workers[at];
    uint64_t used = cpu_ns(k);
    if (k->has_cpu_clock && (double)(used > k->seen_cpu_ns ? used - k->seen_cpu_ns : 0) * 1e-9 < min_s)
        return 0;
    *trial = k->seen_trial;
    *seconds = (double)longest * 1e-9;
    int answered = __atomic_load_n(&p->slots[at].pc_seq, __ATOMIC_ACQUIRE) && p->slots[at].pc_trial == *trial;
    *pc = answered ? p->slots[at].pc : 0;
    kill(p->workers[at].pid, WIRE_SAMPLE_SIGNAL); /* a fresh answer for the next look */
    return 1;
}

/* How much more CPU time an overrunning trial is watched before it is killed. */
static uint64_t watch_ns(uint64_t limit) {
    uint64_t tenth = limit / 10;
    return tenth > 10000000u ? tenth : 10000000u;
}

/* A trial overran when the same id has been showing while its worker used more CPU
 * time than the limit. CPU time, not the wall clock: a trial that other work on a
 * busy machine kept waiting has not overrun, so a seed gives the same result on a
 * loaded machine as on an idle one. The harness looks at least every 50 ms, so that
 * is the timeout's resolution; the worker's clock is read only once the wall clock
 * is past the limit (CPU time cannot be past it before). */
void worker_pool_check_timeouts(worker_pool *p) {
    uint64_t limit = (uint64_t)(p->cfg->timeout_s * 1e9), now = now_ns();
    for (int w = 0; w < p->jobs; w++) {
        pool_worker *k = &p->workers[w];
        if (!k->busy || k->pid <= 0 || k->killed_for_timeout != WIRE_IDLE) continue;
        uint64_t t = __atomic_load_n(&p->slots[w].trial, __ATOMIC_ACQUIRE);
        if (t != k->seen_trial || t == WIRE_IDLE) {
            k->seen_trial = t;
            k->seen_since_ns = now;
            k->seen_cpu_ns = cpu_ns(k);
            k->snap_trial = WIRE_IDLE;
            continue;
        }
        if (k->snap_trial == t) {
            /* watched: killed once it used watch_ns more CPU time, or, waiting
             * without the CPU, at the wall-clock ceiling */
            take_sample(p, w);
            uint64_t used = cpu_ns(k), more = used > k->snap_cpu_ns ? used - k->snap_cpu_ns : 0;
            if (!k->has_cpu_clock) more = now - k->snap_wall_ns;
            /* one answer is enough; a worker that does not answer is given twice as long */
            uint64_t enough = k->npcs ? watch_ns(limit) : 2 * watch_ns(limit);
            if (more >= enough || now - k->seen_since_ns > wall_ceiling(limit) + watch_ns(limit)) {
                k->killed_for_timeout = t;
                kill(k->pid, SIGKILL);
            }
            continue;
        }
        uint64_t wall = now - k->seen_since_ns;
        if (wall <= limit) continue;
        uint64_t cpu = wall;
        if (k->has_cpu_clock) {
            uint64_t used = cpu_ns(k);
            cpu = used > k->seen_cpu_ns ? used - k->seen_cpu_ns : 0;
        }
        if (cpu > limit || wall > wall_ceiling(limit)) start_watch(p, w, t, now);
    }
}

runner_failure_kind runner_failure_of(int status, int marked) {
    return marked && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? FAILURE_TIMEOUT : FAILURE_CRASH;
}
