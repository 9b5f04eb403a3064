/* harness/progress.c: the progress line and its ETA on stderr, and the warning that the target is out of the
 * budget's reach. */
/* SPDX-License-Identifier: MIT */
#include "progress.h"

#include <string.h>

double progress_every_s(int mode) {
    return mode == 1 ? 1.0 : 10.0;
}

/* Block B as a user finds it: its function, its IR label, and its source line
 * where known. */
static void block_place(const fsabi_block *b, char *out, size_t n) {
    const char *file = b->file ? strrchr(b->file, '/') : NULL;
    file = file ? file + 1 : b->file;
    if (file && *file && b->line)
        snprintf(out, n, "%s %s at %s:%u", b->function, b->label, file, (unsigned)b->line);
    else
        snprintf(out, n, "%s %s", b->function, b->label);
}

/* The ETA as the progress line shows it: from the open block that needs the most
 * trials (its need projected from its current half-width), named, as it is what
 * sets the trials the run takes (a never-reached branch can hold a run long after
 * the rest settled); none when an open block needs a bound no number of trials
 * gives, so a run that will give up never shows a countdown. */
static void eta_text(const progress_view *v, double rate, char *eta, size_t n) {
    uint64_t needed = v->trials;
    long long holder = -1, stuck = -1;
    for (uint64_t j = 0; j < v->mod->nblocks; j++) {
        const block_verdict *b = &v->verdicts[j];
        if (b->status != BLOCK_NOT_CONVERGED) continue;
        if (b->stuck || b->unbounded) {
            if (stuck < 0) stuck = (long long)j;
        } else if (b->n_needed > (double)needed) {
            needed = (uint64_t)b->n_needed;
            holder = (long long)j;
        }
    }
    if (stuck >= 0) {
        char place[512];
        block_place(&v->mod->blocks[stuck], place, sizeof place);
        snprintf(eta, n, "none: %s needs a bound", place);
        return;
    }
    int past_budget = needed > v->max_trials;
    if (past_budget) needed = v->max_trials;
    if (!(rate > 0) || needed < v->trials) {
        snprintf(eta, n, "?");
        return;
    }
    double s = (double)(needed - v->trials) / rate;
    if (holder >= 0) {
        char place[512];
        block_place(&v->mod->blocks[holder], place, sizeof place);
        snprintf(eta, n, "%s%.0fs (%s%s)", past_budget ? ">= " : "", s, place,
                 past_budget ? ", past the budget" : "");
    } else {
        snprintf(eta, n, "%.0fs", s);
    }
}

void progress_print(FILE *out, const progress_view *v, int final) {
    uint64_t settled = 0;
    for (uint64_t j = 0; j < v->mod->nblocks; j++)
        if (v->verdicts[j].status != BLOCK_NOT_CONVERGED) settled++;
    double rate = v->seconds > 0 ? (double)v->trials / v->seconds : 0;
    char eta[1024];
    eta_text(v, rate, eta, sizeof eta);
    if (v->held && settled == v->mod->nblocks)
        snprintf(eta, sizeof eta, "none: %s's quantile is open", v->held);
    if (v->slow && !final) { /* an ETA from the rate so far means nothing while a trial is stuck */
        if (v->mode == 2)
            fprintf(out, "freqsys: %llu trials, blocks %llu/%llu settled, %s\n",
                    (unsigned long long)v->trials, (unsigned long long)settled,
                    (unsigned long long)v->mod->nblocks, v->slow);
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
    /* a block no number of trials settles (stuck, or without end) is the give-up's to name */
    if (b->status != BLOCK_NOT_CONVERGED || b->stuck || b->unbounded ||
        !(b->n_needed > (double)v->max_trials))
        return 0;
    fprintf(out,
            "%sfreqsys: warning: %s %s needs about %.3g trials at this epsilon and confidence, past the "
            "budget of %llu: the run will end not converged unless epsilon is wider, the confidence lower or "
            "the budget (-n, max_trials) larger\n",
            v->mode == 1 ? "\r\033[K" : "", blk->function, blk->label, b->n_needed,
            (unsigned long long)v->max_trials);
    return 1;
}
