/* harness/hashed_verdict.c: the stopping rule for a hashed path: settled only on a proven bound, never when
 * counts were lost. */
/* SPDX-License-Identifier: MIT */
#include "hashed_verdict.h"

#include <math.h>

/* Rests on the proof alone: every interval of the default rule is valid on the proven
 * range (the normal one bounds its moments from it), a cap is an assumption. */
static int on_proof(const block_verdict *v) {
    return v->basis == BASIS_PROVEN;
}

unsigned hashed_verdict_judge(const stop_params *per_run, const tally_moments *m, double bound, uint64_t lost,
                              uint32_t runs, block_verdict *v) {
    stop_params scaled = stop_params_totals(per_run, runs > 1 ? (double)runs : 1);
    const stop_params *p = &scaled;
    if (runs > 1) bound *= runs; /* a replicate's total: K runs, each within the bound */
    unsigned facts = bound <= 1 ? STOP_FACT_AT_MOST_ONCE : 0u;
    stop_rule_judge_bounded(p, m, facts, bound, v);
    if (!on_proof(v) && isfinite(bound)) {
        stop_params bernstein = *p;
        block_verdict w;
        if (stop_params_method(&bernstein, STOP_METHOD_ANYTIME, p->cap) == 0) {
            stop_rule_judge_bounded(&bernstein, m, facts, bound, &w);
            if (on_proof(&w)) *v = w;
        }
    }
    unsigned why = 0;
    if (!on_proof(v) && v->status != BLOCK_NOT_CONVERGED) {
        v->status = BLOCK_NOT_CONVERGED;
        why |= HASHED_NO_BOUND;
    }
    if (lost) {
        v->status = BLOCK_NOT_CONVERGED;
        why |= HASHED_INCOMPLETE;
    }
    return why;
}

double hashed_verdict_starts(const fsabi_module *mod, uint32_t f) {
    uint32_t starts = mod->path_functions ? mod->path_functions[f].max_starts : FSABI_RUNS_UNBOUNDED;
    return starts == FSABI_RUNS_UNBOUNDED ? INFINITY : (double)starts;
}

int hashed_verdict_settled(const fsabi_module *mod, const stop_params *p, const path_tallies *h,
                           uint64_t valid, uint32_t runs) {
    for (size_t k = 0; k < h->n; k++) {
        uint32_t f = h->items[k].function;
        double bound = hashed_verdict_starts(mod, f);
        if (!isfinite(bound) || path_tallies_lost(h, f)) continue; /* it cannot settle: not waited for */
        tally_moments m;
        block_verdict v;
        tally_moments_of(&h->items[k].t, valid, &m);
        hashed_verdict_judge(p, &m, bound, 0, runs, &v);
        if (v.status == BLOCK_NOT_CONVERGED) return 0;
    }
    return 1;
}
