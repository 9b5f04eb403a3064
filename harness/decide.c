/* harness/decide.c: the stopping rule applied at a check point to every counter of the module. */
/* SPDX-License-Identifier: MIT */
#include "decide.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "count_limits.h"
#include "stop_request.h"

/* Whether D's time limit has passed, or a stop was asked for (Ctrl-C, SIGTERM): the
 * run is about to end, and must within seconds. Once so, HURRY stays set. */
static int hurried(decide *d) {
    if (!d->hurry && stop_request_pending()) d->hurry = 1;
    if (d->hurry || !(d->limit_s > 0) || !d->t0) return d->hurry;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    double s = (double)(t.tv_sec - d->t0->tv_sec) + (double)(t.tv_nsec - d->t0->tv_nsec) * 1e-9;
    return d->hurry = s >= d->limit_s;
}

/* The counters the rule waits for: the blocks, then the paths, then the blocks per
 * calling context; under importance sampling the target block alone. K-th of
 * judged_count. */
static uint64_t judged_count(const runner_config *cfg) {
    const fsabi_module *mod = cfg->mod;
    return cfg->weight_unit > 0 && cfg->rare_block >= 0 ? 1
                                                        : mod->nblocks + mod->npaths + mod->ncontext_counters;
}

static uint64_t judged_slot(const runner_config *cfg, uint64_t k) {
    if (cfg->weight_unit > 0 && cfg->rare_block >= 0) return (uint64_t)cfg->rare_block;
    return k < cfg->mod->nblocks ? k : k + cfg->mod->nwrites;
}

/* The facts and the per-run bound the rule takes for counter J: a block's own; a
 * path's, what holds of its rarest block; a block's in one context, what holds of it
 * there (at most as often as the block, so "once" does not carry over); none for an
 * MMIO write counter. TAIL: what the count's tail past BOUND can add to its mean (a
 * block's, and so a block's in a context, which never counts more). */
static void counter_facts(const fsabi_module *mod, uint64_t j, unsigned *facts, double *bound, double *tail) {
    *facts = 0;
    *bound = INFINITY;
    *tail = 0;
    if (j < mod->nblocks) {
        *facts = runner_block_facts(&mod->blocks[j]);
        *bound = runner_block_max_runs(&mod->blocks[j]);
        *tail = mod->blocks[j].tail_mass;
    } else if (j >= fsabi_context_base(mod)) {
        uint32_t context;
        *tail = mod->blocks[fsabi_context_block(mod, j - fsabi_context_base(mod), &context)].tail_mass;
        *bound = runner_context_max_runs(mod, j - fsabi_context_base(mod));
        *facts = *bound <= 1 ? STOP_FACT_AT_MOST_ONCE : 0u;
    } else if (j >= fsabi_path_base(mod)) {
        *bound = runner_path_max_runs(&mod->paths[j - fsabi_path_base(mod)]);
        *facts = *bound <= 1 ? STOP_FACT_AT_MOST_ONCE : 0u;
    }
}

/* A replicate of K runs totals K times a run's count: the rule judges the totals
 * (i.i.d. across replicates) at K epsilon, against K times every per-run range. A
 * block proven to run once per run is exact when every total is K. */
static void judge_replicates(const runner_config *cfg, uint64_t j, const tally_moments *m, const tally *t,
                             block_verdict *v) {
    double k = (double)cfg->runs_per_trial;
    stop_params p = stop_params_totals(&cfg->stop, k);
    unsigned facts;
    double max_runs, tail;
    counter_facts(cfg->mod, j, &facts, &max_runs, &tail);
    p.slack = tail * k; /* (sum - k L)^+ <= sum of each run's (count - L)^+ */
    if ((facts & STOP_FACT_ONCE) && m->n > 0 && m->hits == m->n && m->min == cfg->runs_per_trial &&
        m->max == cfg->runs_per_trial) {
        tally_moments once = *m;
        once.min = once.max = 1;
        once.mean = 1;
        stop_rule_judge_bounded(&p, &once, STOP_FACT_ONCE, 1, v);
        return;
    }
    stop_rule_judge_counts(&p, m, t, 0, max_runs * k, v);
}

/* A trial killed at its timeout while counter J still ran would have run it
 * without end as far as anyone can tell: no finite mean is claimed for it. */
static void mark_unbounded(block_verdict *v, uint64_t trials) {
    v->status = BLOCK_NOT_CONVERGED;
    v->half_width = INFINITY;
    v->basis = BASIS_NONE;
    v->n_needed = STOP_N_NEEDED_MAX;
    v->unbounded = trials;
}

/* Adds NAME to the caps D's trials contradicted, once. */
static void list_broken_cap(decide *d, const char *name) {
    for (size_t k = 0; k < d->nbroken_caps; k++)
        if (!strcmp(d->broken_caps[k], name)) return;
    if (d->nbroken_caps == d->broken_room) {
        size_t room = d->broken_room ? 2 * d->broken_room : 8;
        const char **grown = realloc(d->broken_caps, room * sizeof *grown);
        if (!grown) {
            d->caps_unlisted = 1; /* so every named cap is taken as contradicted */
            return;
        }
        d->broken_caps = grown;
        d->broken_room = room;
    }
    d->broken_caps[d->nbroken_caps++] = name;
}

/* What the counts past their limits contradict, again when they changed. */
static void refresh_broken(decide *d) {
    if (!d->over || !d->over_raised || *d->over_raised == d->over_seen) return;
    d->over_seen = *d->over_raised;
    d->broken = 0;
    d->nbroken_caps = 0;
    const fsabi_module *mod = d->cfg->mod;
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        if (!d->over[j]) continue;
        unsigned bits = count_limits_broken(d->cfg, j, d->over[j]);
        d->broken |= bits;
        if (bits & COUNT_LIMITS_NAMED) list_broken_cap(d, mod->blocks[j].bound_from);
    }
}

static int cap_broken(const decide *d, const char *name) {
    if (!name) return 0;
    if (d->caps_unlisted) return 1;
    for (size_t k = 0; k < d->nbroken_caps; k++)
        if (!strcmp(d->broken_caps[k], name)) return 1;
    return 0;
}

/* A verdict on counter J that rests on a cap the trials contradicted is none: the
 * assumption it takes is shown false. The cap on every block is that of the verdicts
 * of basis CAP, and of those left with no range once the rule dropped it (its own
 * count went past it); a named cap is that of the verdicts its counter's bound rests
 * on, unless the global cap took its place or the transform proved them exact. Not
 * settled, and no number of trials settles it. */
static void unsettle_broken(const decide *d, uint64_t j, block_verdict *v) {
    if (!d->broken || v->unbounded) return;
    int global = (d->broken & COUNT_LIMITS_CAP) && (v->basis == BASIS_CAP || v->basis == BASIS_PLUG_IN);
    int rests =
        global || (v->basis != BASIS_CAP && (d->broken & COUNT_LIMITS_NAMED) && v->method != METHOD_EXACT &&
                   v->basis != BASIS_PAPER && cap_broken(d, count_limits_cap_of(d->cfg->mod, j)));
    if (!rests) return;
    v->status = BLOCK_NOT_CONVERGED;
    v->cap_exceeded = 1;
    v->n_needed = STOP_N_NEEDED_MAX;
}

static void judge(decide *d, const tally *tallies, uint64_t j, uint64_t valid) {
    tally_moments_of(&tallies[j], valid, &d->moments[j]);
    d->verdicts[j].unbounded = 0;
    if (d->cfg->runs_per_trial > 1) {
        judge_replicates(d->cfg, j, &d->moments[j], hurried(d) ? NULL : &tallies[j], &d->verdicts[j]);
        if (d->unbounded && d->unbounded[j]) mark_unbounded(&d->verdicts[j], d->unbounded[j]);
        unsettle_broken(d, j, &d->verdicts[j]);
        return;
    }
    unsigned facts;
    double bound, tail;
    counter_facts(d->cfg->mod, j, &facts, &bound, &tail);
    stop_params p = d->cfg->stop;
    p.slack = tail;
    p.no_betting = hurried(d);
    if (d->cfg->weight_unit > 0 && (facts & STOP_FACT_ONCE) && d->moments[j].n > 0 &&
        d->moments[j].hits == d->moments[j].n) {
        /* run once in every trial, as proven: 1 under any weights, and not sampled */
        tally_moments once = {.n = d->moments[j].n, .hits = d->moments[j].n, .min = 1, .max = 1, .mean = 1};
        stop_rule_judge_bounded(&p, &once, STOP_FACT_ONCE, 1, &d->verdicts[j]);
        uint64_t unit = (uint64_t)d->cfg->weight_unit; /* the tallies' scale */
        d->moments[j] = (tally_moments){
            .n = once.n, .hits = once.n, .min = unit, .max = unit, .mean = d->cfg->weight_unit};
        return;
    }
    if (d->cfg->weight_unit > 0) { /* weighted counts: a wider range, and nothing proven of them */
        facts = 0;
        bound = tail > 0 ? INFINITY
                         : bound * d->cfg->weight_unit * d->cfg->max_weight; /* tails: unweighted only */
        p.slack = 0;
        p.weighted = 1;
    }
    stop_rule_judge_counts(&p, &d->moments[j], &tallies[j], facts, bound, &d->verdicts[j]);
    if (d->unbounded && d->unbounded[j]) mark_unbounded(&d->verdicts[j], d->unbounded[j]);
    unsettle_broken(d, j, &d->verdicts[j]);
}

void decide_counter(const runner_config *cfg, uint64_t j, const tally_moments *m, block_verdict *v) {
    if (cfg->runs_per_trial > 1) {
        judge_replicates(cfg, j, m, NULL, v);
        return;
    }
    unsigned facts;
    double bound, tail;
    counter_facts(cfg->mod, j, &facts, &bound, &tail);
    stop_params p = cfg->stop;
    p.slack = tail;
    stop_rule_judge_bounded(&p, m, facts, bound, v);
}

int decide_all(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier, int trace) {
    const fsabi_module *mod = d->cfg->mod;
    int all = 1;
    refresh_broken(d);
    for (uint64_t j = 0; j < fsabi_ncounters(mod); j++) {
        judge(d, tallies, j, valid);
        int waited_for = d->cfg->weight_unit > 0 && d->cfg->rare_block >= 0
                             ? j == (uint64_t)d->cfg->rare_block
                             : j < mod->nblocks || j >= fsabi_path_base(mod);
        if (waited_for && d->verdicts[j].status == BLOCK_NOT_CONVERGED) all = 0;
    }
    if (trace && d->cfg->trace) {
        for (uint64_t j = 0; j < mod->nblocks; j++)
            fprintf(d->cfg->trace, "%llu,%llu,%.17g,%.17g\n", (unsigned long long)frontier,
                    (unsigned long long)j, d->moments[j].mean, d->verdicts[j].half_width);
    }
    return all && valid > 0;
}

/* One open block is enough to say no, so most check points cost one block instead
 * of thousands; only a yes judges every block (in the same pass). A trace wants
 * every block at every check point. */
int decide_check(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier) {
    uint64_t nb = judged_count(d->cfg);
    if (d->cfg->trace || nb == 0 || valid == 0) return decide_all(d, tallies, valid, frontier, 1);
    refresh_broken(d);
    for (uint64_t k = 0; k < nb; k++) {
        uint64_t at = (d->first_open + k) % nb, j = judged_slot(d->cfg, at);
        judge(d, tallies, j, valid);
        if (d->verdicts[j].status == BLOCK_NOT_CONVERGED) {
            d->first_open = at;
            d->found_open = 1;
            return 0;
        }
    }
    return 1;
}

long long decide_last_open_block(const decide *d) {
    if (!d->found_open || judged_count(d->cfg) == 0) return -1;
    uint64_t j = judged_slot(d->cfg, d->first_open);
    return j < d->cfg->mod->nblocks ? (long long)j : -1;
}

/* Judges every block, but only when the first open one qualifies. */
int decide_give_up(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier) {
    const block_verdict *first = &d->verdicts[judged_slot(d->cfg, d->first_open)];
    if (judged_count(d->cfg) == 0 ||
        (!first->unbounded && !first->cap_exceeded && (!first->stuck || first->p_upper > STOP_GIVE_UP_P)))
        return 0;
    decide_all(d, tallies, valid, frontier, 0);
    for (uint64_t k = 0; k < judged_count(d->cfg); k++) {
        const block_verdict *v = &d->verdicts[judged_slot(d->cfg, k)];
        if (v->status == BLOCK_NOT_CONVERGED && !v->unbounded && !v->cap_exceeded &&
            (!v->stuck || v->p_upper > STOP_GIVE_UP_P))
            return 0;
    }
    return 1;
}

int decide_settled(const decide *d) {
    for (uint64_t k = 0; k < judged_count(d->cfg); k++)
        if (d->verdicts[judged_slot(d->cfg, k)].status == BLOCK_NOT_CONVERGED) return 0;
    return 1;
}

unsigned decide_exceeded(decide *d) {
    refresh_broken(d);
    return d->broken;
}

void decide_free(decide *d) {
    free(d->broken_caps);
    d->broken_caps = NULL;
    d->nbroken_caps = d->broken_room = 0;
}
