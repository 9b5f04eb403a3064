/* harness/sampling_choice.c: --sampling auto's pilot, which picks the sampling method that needs the fewest
 * runs. */
/* SPDX-License-Identifier: MIT */
#include "sampling_choice.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "decide.h"
#include "pilot_config.h"

typedef struct candidate {
    sampling_method method;
    uint32_t runs;
} candidate;

static const candidate candidates[] = {
    {SAMPLING_ANTITHETIC, 2}, {SAMPLING_STRATIFIED, 3}, {SAMPLING_STRATIFIED, 8},
    {SAMPLING_QMC, 6},        {SAMPLING_QMC, 16},
};
enum { NCANDIDATES = sizeof candidates / sizeof candidates[0] };

/* The counters the rule waits for (decide.c): the blocks and the paths and the
 * blocks per context, not the MMIO writes. */
static int waited_for(const fsabi_module *mod, uint64_t j) {
    return j < mod->nblocks || j >= mod->nblocks + mod->nwrites;
}

/* Moments M as F times as many trials of the same counts would give them. */
static tally_moments scaled(const tally_moments *m, uint64_t f) {
    tally_moments s = *m;
    double n = (double)m->n, sn = n * (double)f;
    s.n = m->n * f;
    s.hits = m->hits * f;
    s.variance = n > 1 ? m->variance * (n - 1) / n * sn / (sn - 1) : 0;
    s.stddev = sqrt(s.variance);
    return s;
}

/* The trials the rule would take to settle counter J if the pilot's counts M were
 * the law: the least multiple of M's trials at which it settles (doubling, then
 * bisection), every term of the rule counted as it falls with n (the two-valued
 * method's term for values not seen as 1 / n, Berry-Esseen as 1 / sqrt n), which an
 * extrapolation of the half-width would not. Infinite when it never settles within
 * STOP_N_NEEDED_MAX trials, or cannot: stuck, or UNBOUNDED (pilot trials were
 * killed at their timeout while it ran), which the moments alone do not show (a loop
 * without end may count nothing) and which the run never settles, whatever the cap;
 * else a cap could make the need finite and the candidates' pilots, each a share
 * of it, long runs of timeouts. */
static double trials_to_settle(const runner_config *cfg, uint64_t j, const tally_moments *m,
                               uint64_t unbounded) {
    block_verdict v;
    if (m->n == 0 || unbounded) return INFINITY;
    decide_counter(cfg, j, m, &v);
    if (v.status != BLOCK_NOT_CONVERGED) return (double)m->n;
    if (v.stuck || v.unbounded) return INFINITY;
    uint64_t lo = 1, hi = 2;
    for (;;) {
        tally_moments s = scaled(m, hi);
        decide_counter(cfg, j, &s, &v);
        if (v.status != BLOCK_NOT_CONVERGED) break;
        if ((double)hi * (double)m->n > STOP_N_NEEDED_MAX / 2) return INFINITY;
        lo = hi;
        hi *= 2;
    }
    while (hi - lo > 1 && (double)(hi - lo) > 0.01 * (double)lo) {
        uint64_t mid = lo + (hi - lo) / 2;
        tally_moments s = scaled(m, mid);
        decide_counter(cfg, j, &s, &v);
        if (v.status != BLOCK_NOT_CONVERGED)
            hi = mid;
        else
            lo = mid;
    }
    return (double)hi * (double)m->n;
}

/* REPLICATES replicates of RUNS runs with METHOD: the runs the rule would need, the
 * most over the waited-for counters (in replicates, times RUNS; infinite when one
 * never settles), and the variance ratio at the counter that asks it. Returns 0, 1
 * when a stop was asked for (SIGINT, SIGTERM) and nothing is filled, or -1 with ERR. */
static int pilot(const runner_config *base, sampling_method method, uint32_t runs, uint64_t replicates,
                 unsigned k, double *need, double *ratio, uint64_t *spent, char *err, size_t errlen) {
    runner_config cfg = pilot_config(
        base, method, runs,
        pilot_seed(base->seed, 0x9e3779b97f4a7c15u * (k + 1) + 0x70696c6f74u /* "pilot" */), replicates);
    runner_result rr;
    const fsabi_module *mod = cfg.mod;
    size_t ncounters = fsabi_ncounters(mod), ntallies = ncounters * (method != SAMPLING_PLAIN ? 2 : 1);
    if (runner_run(&cfg, &rr) != 0) {
        snprintf(err, errlen, "the sampling pilot (%s) failed: %s", sampling_method_name(method), rr.error);
        runner_result_free(&rr, ntallies);
        return -1;
    }
    if (rr.interrupted ||
        rr.time_limited) { /* the stop, or the run's time, is spent: the phases after see it */
        runner_result_free(&rr, ntallies);
        return 1;
    }
    double most = 0;
    uint64_t at = 0;
    for (uint64_t j = 0; j < ncounters; j++) {
        if (!waited_for(mod, j)) continue;
        double n = trials_to_settle(&cfg, j, &rr.moments[j], rr.state.unbounded ? rr.state.unbounded[j] : 0);
        if (n > most) {
            most = n;
            at = j;
        }
    }
    *need = most * runs;
    *ratio = NAN;
    if (rr.run_moments && rr.moments[at].variance > 0)
        *ratio = rr.run_moments[at].variance * runs / rr.moments[at].variance;
    *spent += rr.trials * runs;
    runner_result_free(&rr, ntallies);
    return 0;
}

int sampling_choice_pick(const runner_config *base, sampling_choice *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    out->method = SAMPLING_PLAIN;
    out->runs = 1;
    out->variance_ratio = NAN;
    double ratio;
    int rc = pilot(base, SAMPLING_PLAIN, 1, SAMPLING_CHOICE_PLAIN_RUNS, 0, &out->plain_need, &ratio,
                   &out->pilot_runs, err, errlen);
    if (rc != 0) {
        out->interrupted = rc == 1;
        return rc < 0 ? -1 : 0;
    }
    out->need = out->plain_need;
    if (!isfinite(out->plain_need))
        return 0; /* some counter no number of plain runs settles: nothing to compare */
    /* a share of what plain would spend, and never more than that share of the budget:
     * a need past the budget must not become a pilot past it */
    double spend = fmin(out->plain_need, (double)base->max_trials);
    double share = SAMPLING_CHOICE_SHARE * spend / NCANDIDATES;
    for (unsigned i = 0; i < NCANDIDATES; i++) {
        uint64_t replicates = (uint64_t)(share / candidates[i].runs);
        if (replicates < SAMPLING_CHOICE_MIN_REPLICATES) continue;
        double need;
        out->compared = 1;
        rc = pilot(base, candidates[i].method, candidates[i].runs, replicates, i + 1, &need, &ratio,
                   &out->pilot_runs, err, errlen);
        if (rc != 0) { /* a half-made choice is no choice: plain, as without the pilot */
            out->method = SAMPLING_PLAIN;
            out->runs = 1;
            out->compared = 0;
            out->interrupted = rc == 1;
            return rc < 0 ? -1 : 0;
        }
        if (need * SAMPLING_CHOICE_MARGIN < out->plain_need && need < out->need) {
            out->method = candidates[i].method;
            out->runs = candidates[i].runs;
            out->need = need;
            out->variance_ratio = ratio;
        }
    }
    return 0;
}

void sampling_choice_describe(const sampling_choice *c, char *buf, size_t len) {
    if (c->method == SAMPLING_PLAIN) {
        snprintf(buf, len, "auto: plain (%s; pilot of %llu runs, not counted)",
                 c->compared ? "no replicate method needed fewer runs"
                             : "too few runs needed to compare methods",
                 (unsigned long long)c->pilot_runs);
        return;
    }
    char ratio[64] = "";
    if (isfinite(c->variance_ratio)) /* none where the pilot's replicates showed no spread */
        snprintf(ratio, sizeof ratio, " (variance ratio %.2f, an estimate: no interval rests on it)",
                 c->variance_ratio);
    snprintf(buf, len,
             "auto: %s, %u runs per replicate: about %.1fx fewer runs than plain, as the pilot estimated%s; "
             "pilot of %llu runs, not counted",
             sampling_method_name(c->method), c->runs, c->plain_need / c->need, ratio,
             (unsigned long long)c->pilot_runs);
}
