/* freqsys/rare/rare_pilot.c: importance sampling's cross-entropy pilot, run in a confined child process. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "rare_pilot.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "confined_child.h"
#include "runtime_table.h"
#include "tilted_draws.h"

#define MAX_INPUTS 256
/* The pilot's streams: far from the estimation's trial numbers 0, 1, 2, ... */
#define PILOT_STREAM (1ull << 62)

typedef struct shared {
    volatile uint64_t current; /* the run under way, for the timeout */
    uint64_t runs, reached;
    double mean_t[MAX_INPUTS];
    int status; /* 0 done */
} shared;

/* Clears the counters of the functions that ran; returns whether TARGET ran. */
static int reached_and_clear(const fsabi_module *mod, uint64_t target) {
    int hit = mod->counters[target] != 0;
    uint32_t path_base = (uint32_t)fsabi_path_base(mod);
    for (uint32_t k = 0; k < *mod->touched_count; k++) {
        uint32_t fi = mod->touched_list[k];
        const fsabi_function *f = &mod->functions[fi];
        memset(mod->counters + f->first_block, 0, f->nblocks * sizeof *mod->counters);
        if (mod->path_functions && mod->path_functions[fi].npaths)
            memset(mod->counters + path_base + mod->path_functions[fi].first_path, 0,
                   mod->path_functions[fi].npaths * sizeof *mod->counters);
        mod->fn_touched[fi] = 0;
    }
    *mod->touched_count = 0;
    return hit;
}

/* The pilot, in its child: it leaves its runs and its fit in SH. */
typedef struct pilot_child {
    const runtime_table *rt;
    const fsabi_module *mod;
    uint64_t seed, target;
    shared *sh;
} pilot_child;

static void run_pilot(void *ctx) {
    const pilot_child *c = ctx;
    const runtime_table *rt = c->rt;
    shared *sh = c->sh;
    reached_and_clear(c->mod, c->target); /* whatever loading counted is not a run */
    rt->tilt_take_weight();
    for (int round = 0; round < RARE_PILOT_ROUNDS; round++) {
        uint64_t hits = 0;
        for (uint64_t i = 0; i < RARE_PILOT_ROUND; i++) {
            sh->current = sh->runs;
            trial_end how = rt->run_trial(c->seed, PILOT_STREAM + sh->runs++);
            int hit =
                reached_and_clear(c->mod, c->target) && how != TRIAL_ABORTED && how != TRIAL_INPUT_ERROR;
            hits += (uint64_t)hit;
            rt->tilt_pilot_trial(hit);
        }
        rt->tilt_refit();
        sh->reached = hits;
        if (hits >= RARE_PILOT_ELITE) break;
    }
    rt->tilt_get(sh->mean_t, MAX_INPUTS);
    sh->status = 0;
}

int rare_pilot_run(const runtime_table *rt, const fsabi_module *mod, uint64_t seed, uint64_t target,
                   const confine_limits *limits, double timeout_s, uint64_t *runs, uint64_t *reached,
                   char *err, size_t errlen) {
    shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        snprintf(err, errlen, "cannot map shared memory: %s", strerror(errno));
        return -1;
    }
    memset(sh, 0, sizeof *sh);
    sh->status = -1;
    pilot_child child = {rt, mod, seed, target, sh};
    pid_t pid = confined_child_start(&(confined_child){limits, NULL, NULL, run_pilot, &child});
    if (pid < 0) {
        snprintf(err, errlen, "cannot start the pilot: %s", strerror(errno));
        munmap(sh, sizeof *sh);
        return -1;
    }
    int status;
    int waited = confined_child_wait(pid, &sh->current, timeout_s, &status);
    int rc = -1;
    if (waited == 2)
        rc = 1;
    else if (waited)
        snprintf(err, errlen, "the pilot's run %llu ran longer than %g s", (unsigned long long)sh->current,
                 timeout_s);
    else if (WIFSIGNALED(status))
        snprintf(err, errlen, "the pilot's run %llu crashed (signal %d)", (unsigned long long)sh->current,
                 WTERMSIG(status));
    else if (sh->status != 0)
        snprintf(err, errlen, "the pilot failed (exit status %d)",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    else
        rc = rt->tilt_set(sh->mean_t, MAX_INPUTS) >= 0 ? 0 : -1;
    *runs = sh->runs;
    *reached = sh->reached;
    munmap(sh, sizeof *sh);
    return rc;
}
