/* freqsys/run/run_option_table.h: the one table of `freqsys run`'s options: names, help, conflicts and the
 * features' hooks. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_OPTION_TABLE_H
#define FREQSYS_RUN_OPTION_TABLE_H

#include <stddef.h>
#include "result.h"
#include "runner.h"

struct run_state;

/* A feature a run may add to plain block counting (--paths, --contexts, --sampling,
 * --sensitivity, --rare): its hooks into the run, each NULL when it has none. */
typedef struct run_feature {
    /* Whether ST uses the feature; *SHOWN: what to print after its option's name when
     * it is named (NULL: nothing). Called once the runner is configured. */
    int (*active)(const struct run_state *st, const char **shown);
    /* Sets the runner up for the feature after the configuration from the options.
     * Returns 0, or -1 having said why on stderr. */
    int (*prepare)(struct run_state *st);
    /* Adds what the feature found to R, made from the run RR. Returns 0, or -1 out
     * of memory. Called whether or not the feature is active: it does nothing then. */
    int (*result)(result *r, const struct run_state *st, const runner_result *rr);
    int resumable; /* an interrupted run with it leaves a checkpoint to continue from */
} run_feature;

/* One option. Conflict terms are option names, "name=V1|V2" when only those values
 * conflict, separated by spaces. */
typedef struct run_option {
    const char *name;      /* the long name, without dashes */
    char letter;           /* its short form, or 0 */
    int key;               /* getopt_long's answer for it: the letter, or one of its own */
    int has_arg;           /* no_argument, required_argument or optional_argument */
    const char *arg;       /* the value's name in the help, or NULL */
    const char *example;   /* a valid value (for the conflict list and its tests), or NULL */
    const char *help;      /* one paragraph, wrapped where it is shown */
    const char *when;      /* "V1|V2": the conflicts below hold only for these values; NULL: any */
    const char *conflicts; /* the terms it cannot go with, or NULL */
    const char *needs;     /* the term it cannot go without, or NULL */
    const run_feature *feature;
} run_option;

extern const run_option run_option_table[];
extern const size_t run_option_count;

/* The entry of getopt_long's answer KEY, or of long name NAME; NULL when none. */
const run_option *run_option_by_key(int key);
const run_option *run_option_by_name(const char *name, size_t len);

/* run_features.c: the features the table points to. */
extern const run_feature run_feature_paths, run_feature_contexts, run_feature_sampling,
    run_feature_sensitivity, run_feature_rare, run_feature_quantiles;

#endif
