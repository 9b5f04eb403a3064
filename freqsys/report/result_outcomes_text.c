/* freqsys/report/result_outcomes_text.c: the text report's lines on how the trials ended, on the caps they
 * exceeded, and on blocks a trial never finished. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "result.h"

#include <string.h>

/* "12.5%" with as many digits as a small share needs. */
static void percent(char *buf, size_t n, double share) {
    double p = 100 * share;
    snprintf(buf, n, p == 0 || p >= 1 ? "%.1f%%" : p >= 0.01 ? "%.3f%%" : "%.2g%%", p);
}

int result_write_outcomes_text(const result *r, FILE *out) {
    if (r->noutcomes == 0 || (r->noutcomes == 1 && !strcmp(r->outcomes[0].name, "returned")))
        return 0; /* every trial returned: nothing to say */
    fprintf(out, "outcomes (share of trials, %.10g%% interval):", r->confidence * 100);
    for (size_t i = 0; i < r->noutcomes; i++) {
        const result_outcome *x = &r->outcomes[i];
        char share[24], low[24], high[24];
        percent(share, sizeof share, x->share);
        percent(low, sizeof low, x->low);
        percent(high, sizeof high, x->high);
        fprintf(out, "%s %s %llu (%s, %s to %s)", i ? "," : "", x->name, (unsigned long long)x->trials, share,
                low, high);
    }
    fputc('\n', out);
    for (size_t i = 0; i < r->ncrash_sites; i++) {
        const result_crash_site *c = &r->crash_sites[i];
        const char *name = c->signal > 0 ? sigabbrev_np(c->signal) : NULL;
        fputs(i ? "             " : "crash sites: ", out);
        if (c->block && c->block[0])
            fprintf(out, "%s %s (%s:%d)", c->function, c->block, c->file && c->file[0] ? c->file : "?",
                    c->line);
        else
            fputs("outside the program's code (a library it called), or no debug information", out);
        fprintf(out, ": SIG%s in %llu trial%s, first #%llu (--replay %llu)\n", name ? name : "?",
                (unsigned long long)c->trials, c->trials == 1 ? "" : "s", (unsigned long long)c->first_trial,
                (unsigned long long)c->first_trial);
    }
    if (r->all_failed)
        fputs(
            "no trial ended well: every one crashed, timed out or stopped on its input (--replay the first\n"
            "failed trial above to see why)\n",
            out);
    return 0;
}

int result_write_exceeded_text(const result *r, const char *prefix, FILE *out) {
    const char *per = r->calls > 1 ? "trial" : "run";
    int caps = 0;
    for (size_t i = 0; i < r->nexceeded; i++) {
        const result_exceeded *x = &r->exceeded[i];
        char where[96] = "";
        if (x->file && x->file[0] && x->line > 0)
            snprintf(where, sizeof where, " (%.64s:%d)", x->file, x->line);
        int proven = x->bound && !strcmp(x->bound, "proven");
        caps += !proven;
        if (proven)
            fprintf(out,
                    "%sa proven bound was exceeded, a defect of freqsys: a %s executed %s %s%s %llu times "
                    "(proven at most %llu per %s); please report it\n",
                    prefix, per, x->function, x->block, where, (unsigned long long)x->max,
                    (unsigned long long)x->limit, per);
        else
            fprintf(out,
                    "%s%s was exceeded: a %s executed %s %s%s %llu times (bound %llu per %s from the cap)\n",
                    prefix, x->bound, per, x->function, x->block, where, (unsigned long long)x->max,
                    (unsigned long long)x->limit, per);
    }
    if (caps)
        fprintf(out, "%sthe verdicts that rest on %s are not settled: state %s the program keeps to\n",
                prefix, caps == 1 ? "it" : "them", caps == 1 ? "a cap" : "caps");
    return 0;
}

int result_unbounded_note(char *buf, size_t n, const result_estimate *e, const result *r) {
    if (!e->unbounded) return 0;
    snprintf(buf, n, "no finite mean: still running when %llu trial%s %s killed at the %.3g s timeout",
             (unsigned long long)e->unbounded, e->unbounded == 1 ? "" : "s",
             e->unbounded == 1 ? "was" : "were", r->timeout_s);
    return 1;
}
