/* harness/sampling_choice.h: --sampling auto's pilot, which picks the sampling method that needs the fewest
 * runs. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SAMPLING_CHOICE_H
#define FREQSYS_SAMPLING_CHOICE_H

#include <stddef.h>
#include <stdint.h>
#include "runner.h"

/* The pilot. First SAMPLING_CHOICE_PLAIN_RUNS plain runs estimate the runs plain
 * sampling needs, N: the most any waited-for counter needs before the rule, applied
 * to more trials of the pilot's counts, settles it (so the two-valued and
 * Berry-Esseen terms count as they fall with n, not the variance alone). When a share
 * SAMPLING_CHOICE_SHARE of N, or of the budget of trials where that is smaller, split among the
 * candidates (antithetic 2, stratified 3 and 8, qmc 6 and 16 runs per replicate),
 * gives each at least SAMPLING_CHOICE_MIN_REPLICATES replicates, each is run that
 * long and its need estimated the same way, in runs. The least need wins if it is
 * below N / SAMPLING_CHOICE_MARGIN; else plain.
 *
 * Every pilot runs on streams of its own (seeds mixed from the run's), and none of
 * its runs is counted in the result: the run that follows is the chosen method's
 * alone, on the run's seed, so its guarantee is that method's, whatever the pilot
 * chose. With plain chosen it is the very run --sampling plain makes. */
#define SAMPLING_CHOICE_PLAIN_RUNS     200
#define SAMPLING_CHOICE_SHARE          0.03
#define SAMPLING_CHOICE_MIN_REPLICATES 64
#define SAMPLING_CHOICE_MARGIN         1.25

typedef struct sampling_choice {
    sampling_method method; /* the choice */
    uint32_t runs;          /* its runs per replicate (1: plain) */
    int compared;           /* 1 when the replicate methods were tried, 0 when plain was kept untried */
    double plain_need;      /* estimated runs plain sampling needs (infinite: none settles) */
    double need;            /* the same for the choice */
    double variance_ratio;  /* the choice's, at the counter that decided its need (NAN: plain) */
    uint64_t pilot_runs;    /* program runs the pilot made, none of them in the result */
    int interrupted;        /* SIGINT or SIGTERM, or the run's time limit, stopped the pilot: method
                             * plain, nothing compared */
} sampling_choice;

/* Runs the pilot on BASE's program, rule and limits (its sampling, trial budget,
 * progress, checkpoints and trace are not used) and fills OUT. A stop asked for
 * (stop_request.h), or the time limit BASE shares with the run, ends it at once,
 * OUT->interrupted set. Returns 0, or -1 with
 * a message in ERR when a pilot run failed. */
int sampling_choice_pick(const runner_config *base, sampling_choice *out, char *err, size_t errlen);

/* One line saying what was chosen and why, for the result's sampling note. */
void sampling_choice_describe(const sampling_choice *c, char *buf, size_t len);

#endif
