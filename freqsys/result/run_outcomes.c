/* freqsys/result/run_outcomes.c: how a run's trials ended, as the result's outcomes (shares and intervals)
 * and crash sites. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run_outcomes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clopper_pearson.h"

static int add(result *r, const char *name, uint64_t trials, uint64_t n, double alpha) {
    if (trials == 0) return 0;
    result_outcome *x = &r->outcomes[r->noutcomes++];
    x->name = strdup(name);
    x->trials = trials;
    x->share = n ? (double)trials / (double)n : 0;
    /* the interval is two-sided: each side at alpha / 2 */
    x->low = trials == 0 ? 0 : clopper_pearson_lower(trials, n, alpha / 2);
    x->high = trials == n ? 1 : clopper_pearson_upper(trials, n, alpha / 2);
    return x->name ? 0 : -1;
}

int run_outcomes_fill(result *r, const runner_result *rr, double confidence) {
    const runner_outcomes *o = &rr->outcomes;
    uint64_t n = rr->trials, exited = 0, signalled = 0;
    for (int k = 0; k < RUNNER_EXIT_CODES; k++) exited += o->exits[k];
    for (int k = 0; k < RUNNER_SIGNALS; k++) signalled += o->signals[k];
    r->outcomes = calloc(RUNNER_EXIT_CODES + RUNNER_SIGNALS + 10, sizeof *r->outcomes);
    if (!r->outcomes) return -1;
    double alpha = 1 - confidence;
    uint64_t ended =
        exited + o->cap_exceeded + o->proven_exceeded + rr->crashes + rr->timeouts + rr->input_errors;
    int rc = add(r, "returned", n > ended ? n - ended : 0, n, alpha);
    char name[48];
    for (int k = 0; k < RUNNER_EXIT_CODES; k++) {
        snprintf(name, sizeof name, "exit %d", k);
        rc |= add(r, name, o->exits[k], n, alpha);
    }
    rc |= add(r, "cap_exceeded", o->cap_exceeded, n, alpha);
    rc |= add(r, "proven_exceeded", o->proven_exceeded, n, alpha);
    rc |= add(r, "abort", o->aborts, n, alpha);
    for (int k = 0; k < RUNNER_SIGNALS; k++) {
        const char *abbrev = k > 0 ? sigabbrev_np(k) : NULL;
        if (abbrev)
            snprintf(name, sizeof name, "SIG%s", abbrev);
        else
            snprintf(name, sizeof name, "signal %d", k);
        rc |= add(r, name, o->signals[k], n, alpha);
    }
    rc |= add(r, "timeout", rr->timeouts, n, alpha);
    rc |= add(r, "input_error", rr->input_errors, n, alpha);
    return rc;
}

int run_crash_sites_fill(result *r, const fsabi_module *mod, const runner_result *rr,
                         char *(*file_of)(const char *path, void *ctx), void *ctx) {
    r->crash_sites = calloc(rr->ncrash_sites + 1, sizeof *r->crash_sites);
    if (!r->crash_sites) return -1;
    for (size_t i = 0; i < rr->ncrash_sites; i++) {
        const runner_crash_site *s = &rr->crash_sites[i];
        result_crash_site *x = &r->crash_sites[r->ncrash_sites++];
        int known = s->block < mod->nblocks;
        const fsabi_block *b = known ? &mod->blocks[s->block] : NULL;
        x->function = strdup(known ? b->function : "");
        x->block = strdup(known ? b->label : "");
        x->file = known ? file_of(b->file, ctx) : strdup("");
        x->line = known ? (int)b->line : 0;
        x->signal = s->signal;
        x->trials = s->trials;
        x->first_trial = s->first_trial;
        if (!x->function || !x->block || !x->file) return -1;
    }
    return 0;
}
