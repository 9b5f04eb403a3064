/* harness/progress.c: the progress line and its ETA on stderr, and the warning that the target is out of the budget's reach. */
/* SPDX-License-Identifier: MIT */
#include "progress.h"

double progress_every_s(int mode) { return mode == 1 ? 1.0 : 10.0; }

void progress_print(FILE *out, const progress_view *v, int final) {
    uint64_t settled = 0, needed = v->trials;
    for (uint64_t j = 0; j < v->mod->nblocks; j++) {
        if (v->verdicts[j].status != BLOCK_NOT_CONVERGED) settled++;
        else if (!v->verdicts[j].stuck && !v->verdicts[j].unbounded &&
                 v->verdicts[j].n_needed > (double)needed)   /* stuck, unbounded: no trials help */
            needed = (uint64_t)v->verdicts[j].n_needed;
    }
    if (needed > v->max_trials) needed = v->max_trials;
    double rate = v->seconds > 0 ? (double)v->trials / v->seconds : 0;
    char eta[32] = "?";
    if (rate > 0 && needed >= v->trials) snprintf(eta, sizeof eta, "%.0fs", (double)(needed - v->trials) / rate);
    if (v->slow && !final) {   /* an ETA from the rate so far means nothing while a trial is stuck */
        if (v->mode == 2)
            fprintf(out, "freqsys: %llu trials, blocks %llu/%llu settled, %s\n", (unsigned long long)v->trials,
                    (unsigned long long)settled, (unsigned long long)v->mod->nblocks, v->slow);
        else
            fprintf(out, "\r\033[K%llu trials  blocks %llu/%llu settled  %s", (unsigned long long)v->trials,
                    (unsigned long long)settled, (unsigned long long)v->mod->nblocks, v->slow);
        return;
    }
    if (v->mode == 2)
        fprintf(out, "freqsys: %llu trials, %.0f/s, blocks %llu/%llu settled, ETA %s\n",
                (unsigned long long)v->trials, rate, (unsigned long long)settled,
                (unsigned long long)v->mod->nblocks, eta);
    else
        fprintf(out, "\r\033[K%llu trials  %.0f/s  blocks %llu/%llu settled  ETA %s%s",
                (unsigned long long)v->trials, rate, (unsigned long long)settled,
                (unsigned long long)v->mod->nblocks, eta, final ? "\n" : "");
}

int progress_warn_budget(FILE *out, const progress_view *v, uint64_t first_open) {
    const fsabi_module *mod = v->mod;
    if (!v->mode || v->trials < 1000 || first_open >= mod->nblocks) return 0;
    const block_verdict *b = &v->verdicts[first_open];
    const fsabi_block *blk = &mod->blocks[first_open];
    if (b->status != BLOCK_NOT_CONVERGED || b->stuck || !(b->n_needed > (double)v->max_trials)) return 0;
    fprintf(out, "%sfreqsys: warning: %s %s needs about %.3g trials at this epsilon and confidence, past the "
            "budget of %llu: the run will end not converged unless epsilon is wider, the confidence lower or "
            "the budget (-n, max_trials) larger\n", v->mode == 1 ? "\r\033[K" : "", blk->function,
            blk->label, b->n_needed, (unsigned long long)v->max_trials);
    return 1;
}
