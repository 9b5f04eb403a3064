/* freqsys/run/run_options.h: `freqsys run`'s settings from its command line, read through the option table.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_OPTIONS_H
#define FREQSYS_RUN_OPTIONS_H

#include <stdio.h>
#include <stdio.h>

#include "runner.h"
#include "spec.h"
#include "transform.h"

/* The most options the table may hold (run_option_table.c). */
#define RUN_OPTIONS_MAX 64

typedef struct run_options {
    const char *spec_path, *out_path, *format, *trace_path, *resume_path, *checkpoint_path;
    double epsilon, confidence;
    int epsilon_relative, has_epsilon, has_confidence;
    double epsilon_floor; /* -e '2%+0.001': the floor; taken over the spec's when -e is given */
    int has_floor;
    unsigned long long seed, max_trials;
    int has_seed, has_max_trials;
    int jobs, has_jobs, quiet, keep, allow_writes, allow_network;
    long long replay; /* -1, or the trial to rerun in the foreground */
    unsigned long long stop_after;
    double time_limit_s; /* --time-limit, 0 when not given */
    double timeout_s;    /* --timeout, 0 when not given */
    double checkpoint_every;
    stop_family family; /* --simultaneous */
    stop_method method; /* --method */
    double cap;         /* --cap, 0 when not given */
    optimize_level optimize;
    unsigned long long max_paths;     /* --paths / --max-paths: 0 counts no paths */
    unsigned long long context_depth; /* --contexts / --context-depth: 0 counts no contexts */
    const char *sampling; /* --sampling; NULL: auto (enumerate when it applies, else the pilot's choice) */
    unsigned long long enumerate_limit; /* --enumerate-limit; 0: the default */
    int has_enumerate_limit;
    unsigned long long points;            /* --points: runs per replicate; 0: the method's default */
    int sensitivity;                      /* --sensitivity: d mean / d parameter for every block */
    const char *rare;                     /* --rare BLOCK: importance sampling for that block; NULL: none */
    double quantiles[SPEC_MAX_QUANTILES]; /* --quantiles 0.5,0.99: taken over the spec's levels */
    size_t nquantiles;
    /* By the table's index: whether each option was given, and the value it was last
     * given (NULL without one); what the conflict checks read. */
    unsigned char given[RUN_OPTIONS_MAX];
    const char *given_value[RUN_OPTIONS_MAX];
} run_options;

/* Reads ARGV into O (zeroed by the caller). Returns 0, or a usage error's exit
 * status having said why on stderr; --help prints the help and exits. */
int run_options_parse(int argc, char **argv, run_options *o);

/* run_conflicts.c: the pairs of options O was given that the table refuses (and an
 * option given without what it needs): the first one said on stderr, naming both,
 * and a usage error's exit status; 0 when there are none. */
int run_conflicts_check(const run_options *o);
/* Every refused pair as two command-line fragments separated by a tab, one pair a
 * line ("--sampling qmc\t--paths"), for tests and the documentation. */
void run_conflicts_list(FILE *out);

#endif
