/* harness/program.h: what the harness asks of the program it runs: one trial at a time, and where its draws
 * come from. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PROGRAM_H
#define FREQSYS_PROGRAM_H

#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "freqsys/abi.h"
#include "dist.h"

/* A source of draws: FN(D, CTX) is the next value of distribution D. */
typedef double (*program_draw_source)(const dist *d, void *ctx);

/* The harness reaches the program only through these (and the module's tables), so
 * it links and is tested without the runtime: `freqsys run` gives the runtime's
 * functions, tests/harness/fake_program-t.c a fake program's. */
typedef struct program_hooks {
    /* Runs trial TRIAL of seed SEED in the calling process, leaving its counts in the
     * module's counters. It may crash or hang; the harness contains both. */
    trial_end (*run_trial)(uint64_t seed, uint64_t trial);
    /* Routes the program's draws through FN (NULL: the trial's own stream). NULL when
     * the program cannot: enumeration and replicate sampling are then refused. */
    void (*set_draw_source)(program_draw_source fn, void *ctx);
    /* The stream run_trial positioned last (NULL when not offered). */
    gsl_rng *(*rng)(void);
    /* Moves the scores of the trial that ran last (runner_config.nscores of them,
     * for sensitivities) into OUT and clears them. NULL when not offered. */
    void (*take_scores)(double *out);
    /* The weight of the trial that ran last under importance sampling (p / q over its
     * tilted draws), and clears it. NULL when not offered. */
    double (*take_weight)(void);
    /* The status the trial that ran last passed to exit() (TRIAL_EXITED). NULL when
     * not offered: every exit is then counted as exit(0). */
    int (*exit_status)(void);
} program_hooks;

#endif
