/* harness/worker_pool.c: the forked workers: started, fed chunks, read, buried when they die, killed when a trial overruns. */
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
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "worker.h"

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
    return p->slots == MAP_FAILED ? -1 : 0;
}

/* In the child: the program's output is not ours to show, Ctrl-C is the harness's
 * to handle; then the worker's loop, and nothing after it. */
static _Noreturn void become_worker(const worker_pool *p, int w, int cmd_fd, int res_fd) {
    const runner_config *cfg = p->cfg;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) {
        dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2);
        if (devnull > 2) close(devnull);
    }
    char why[256];
    if (confine_worker(&cfg->limits, why, sizeof why) != 0) _exit(CONFINE_EXIT_STATUS);
    worker_loop(cfg->mod, &cfg->program, cfg->seed, cmd_fd, res_fd, &p->slots[w], cfg->worker_rss_limit,
                cfg->sampling, cfg->runs_per_trial, cfg->nscores, cfg->weight_unit);
    _exit(0);
}

static int spawn(worker_pool *p, int w) {
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
    if (pid == 0) become_worker(p, w, cmd[0], res[1]);
    close(cmd[0]);
    close(res[1]);
    pool_worker *k = &p->workers[w];
    *k = (pool_worker){pid, cmd[1], res[0], 0, {{0, 0}, {0, 0}}, WIRE_IDLE, WIRE_IDLE, 0, 0, 0, 0, 0, NULL, 0};
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
        while (waitpid(k->pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    if (k->cmd_fd >= 0) close(k->cmd_fd);
    if (k->res_fd >= 0) close(k->res_fd);
    free(k->early);
    k->early = NULL;
    k->pid = -1;
    k->cmd_fd = k->res_fd = -1;
}

void worker_pool_close(worker_pool *p) {
    for (int w = 0; p->workers && w < p->jobs; w++) retire(&p->workers[w]);
    free(p->workers);
    p->workers = NULL;
    if (p->slots != MAP_FAILED) munmap(p->slots, (size_t)p->jobs * sizeof *p->slots);
    p->slots = MAP_FAILED;
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
    if (wire_read(k->res_fd, &d, sizeof d) != 0) return 2;   /* the worker died */
    /* bins sent ahead for this chunk come first in the piece */
    merge_piece pc = {d.start, d.count, NULL, k->nearly + d.nbins, NULL, d.naborted, 0, 0, 0};
    wire_bin *bins = realloc(k->early, (pc.nbins + 1) * sizeof *pc.bins);
    if (!bins) return -1;   /* k->early stays, and is freed with the worker */
    pc.bins = bins;
    k->early = NULL;
    k->nearly = 0;
    pc.aborted = d.naborted ? malloc(d.naborted * sizeof *pc.aborted) : NULL;
    if (d.naborted && !pc.aborted) { merge_piece_free(&pc); return -1; }
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

/* What worker K, dead with STATUS while showing trial T, leaves of its chunks.
 * Returns 0, or -2 with the reason in ERR. */
static int account_loss(worker_pool *p, const pool_worker *k, uint64_t t, int status, worker_pool_loss *loss,
                        char *err, size_t errlen) {
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
        loss->failed = (merge_piece){t, 1, NULL, 0, NULL, 0, t, 1 + kind, WIFSIGNALED(status) ? WTERMSIG(status) : 0};
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
    snprintf(err, errlen, "a worker could not apply its limits "
             "(rlimits, seccomp filter); --allow-writes runs without the filter");
}

int worker_pool_bury(worker_pool *p, int w, worker_pool_loss *loss, char *err, size_t errlen) {
    pool_worker *k = &p->workers[w];
    memset(loss, 0, sizeof *loss);
    int status = 0;
    while (waitpid(k->pid, &status, 0) < 0 && errno == EINTR) {}
    k->pid = -1;
    free(k->early);
    k->early = NULL;
    k->nearly = 0;
    uint64_t t = __atomic_load_n(&p->slots[w].trial, __ATOMIC_ACQUIRE);
    close(k->cmd_fd);
    close(k->res_fd);
    k->cmd_fd = k->res_fd = -1;   /* a failed respawn leaves them to retire(), which must not close them again */
    int confine_failed = WIFEXITED(status) && WEXITSTATUS(status) == CONFINE_EXIT_STATUS;
    if (account_loss(p, k, t, status, loss, err, errlen) != 0) {
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
