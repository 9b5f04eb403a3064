/* freqsys/run/run_features.c: the hooks of the run's features (--paths, --contexts, --sampling,
 * --sensitivity, --rare), which the option table points to. */
/* SPDX-License-Identifier: MIT */
#include "run_features.h"

#include <stdio.h>
#include "commands.h"
#include "run_option_table.h"
#include "run_result.h"
#include "score_sums.h"

/* The counted calls of a trial: figures per call are per trial divided by them. */
static double per_call(const run_state *st) {
    return (double)spec_counted_calls(st->s);
}

static int paths_active(const run_state *st, const char **shown) {
    *shown = NULL;
    return st->o.max_paths != 0;
}

/* Does nothing for a module without path counters. */
static int paths_result(result *r, const run_state *st, const runner_result *rr) {
    return run_result_paths(r, &st->cfg, rr, per_call(st));
}

const run_feature run_feature_paths = {paths_active, NULL, paths_result, 1};

static int contexts_active(const run_state *st, const char **shown) {
    *shown = NULL;
    return st->o.context_depth != 0;
}

/* Does nothing for a module without context counters. */
static int contexts_result(result *r, const run_state *st, const runner_result *rr) {
    return run_result_contexts(r, &st->cfg, rr, per_call(st));
}

const run_feature run_feature_contexts = {contexts_active, NULL, contexts_result, 1};

/* A replicate method (configure sets it, or the pilot of --sampling auto); each block's
 * figures per run come with the result itself (run_result.c). */
static int sampling_active(const run_state *st, const char **shown) {
    *shown = st->o.sampling;
    return st->cfg.sampling != SAMPLING_PLAIN;
}

/* A replicate's tallies are not in the checkpoint's format. */
const run_feature run_feature_sampling = {sampling_active, NULL, NULL, 0};

static int sensitivity_active(const run_state *st, const char **shown) {
    *shown = NULL;
    return st->o.sensitivity;
}

/* Follows the draws' scores (each MPI rank's workers do), within the pairs the sums
 * have room for. */
static int sensitivity_prepare(run_state *st) {
    size_t nparams, nscored;
    if (st->rt->scores_enable(st->s) != 0) {
        fprintf(stderr, "freqsys: error: out of memory\n");
        return -1;
    }
    st->rt->scores_params(&nparams, &nscored);
    if ((uint64_t)nscored * st->mod->nblocks > SCORE_SUMS_MAX_PAIRS) {
        fprintf(stderr,
                "freqsys: error: --sensitivity follows at most %u (block, parameter) pairs; "
                "this program has %llu blocks and %zu parameters with a score\n",
                SCORE_SUMS_MAX_PAIRS, (unsigned long long)st->mod->nblocks, nscored);
        return -1;
    }
    st->cfg.nscores = (uint32_t)nscored;
    return 0;
}

static int sensitivity_result(result *r, const run_state *st, const runner_result *rr) {
    return st->o.sensitivity ? run_result_sensitivities(r, st->rt, &st->cfg, rr, per_call(st)) : 0;
}

/* Score sums are not in the checkpoint's format. */
const run_feature run_feature_sensitivity = {sensitivity_active, sensitivity_prepare, sensitivity_result, 0};

static int rare_active(const run_state *st, const char **shown) {
    *shown = NULL;
    return st->o.rare != NULL;
}

/* Finds the target and runs the pilot that fits the tilts. */
static int rare_prepare(run_state *st) {
    char err[1024];
    if (run_rare_prepare(st->rt, st->o.rare, st->s, &st->cfg, &st->rare, err, sizeof err) == 0) return 0;
    fprintf(stderr, "freqsys: error: %s\n", err);
    return -1;
}

static int rare_result(result *r, const run_state *st, const runner_result *rr) {
    (void)rr;
    return st->o.rare ? run_rare_result(r, &st->rare) : 0;
}

/* Nor are a pilot's tilts. */
const run_feature run_feature_rare = {rare_active, rare_prepare, rare_result, 0};

int run_features_prepare(run_state *st) {
    const char *shown;
    for (size_t i = 0; i < run_option_count; i++) {
        const run_feature *f = run_option_table[i].feature;
        if (f && f->prepare && f->active(st, &shown) && f->prepare(st) != 0) return EXIT_USAGE;
    }
    return EXIT_OK;
}

int run_features_result(result *r, const run_state *st, const runner_result *rr) {
    for (size_t i = 0; i < run_option_count; i++) {
        const run_feature *f = run_option_table[i].feature;
        if (f && f->result && f->result(r, st, rr) != 0) return -1;
    }
    return 0;
}

const char *run_features_unresumable(const run_state *st, const char **shown) {
    for (size_t i = 0; i < run_option_count; i++) {
        const run_feature *f = run_option_table[i].feature;
        if (f && !f->resumable && f->active(st, shown)) return run_option_table[i].name;
    }
    return NULL;
}
