/* freqsys/report/worst_case_text.c: `report --format worst-case`: the most one run can execute, and where. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "worst_case.h"

#define SHOWN 10 /* blocks listed, the most charged or the first open */

static void block_name(const result_block *b, FILE *out) {
    fprintf(out, "  %s %s", b->function, b->block);
    if (b->line) fprintf(out, " (%s:%d)", b->file, b->line);
}

int report_worst_case_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    (void)opt;
    worst_case w;
    if (worst_case_solve(r, NULL, &w, err, errlen) != 0) {
        worst_case_free(&w);
        return -1;
    }
    const char *per = r->mode && !strcmp(r->mode, "function") ? "call" : "run";
    if (!w.bounded) {
        fprintf(out,
                "no worst case: %zu of %zu blocks have no proven bound per %s (`freqsys check --unbounded` "
                "says why), so one %s can run them without a limit the proofs know:\n",
                w.nopen, r->nblocks, per, per);
        for (size_t i = 0; i < w.nopen && i < SHOWN; i++) {
            block_name(&r->blocks[w.open[i]], out);
            fputc('\n', out);
        }
        if (w.nopen > SHOWN) fprintf(out, "  ... and %zu more\n", w.nopen - SHOWN);
        worst_case_free(&w);
        return ferror(out) ? -1 : 0;
    }
    double sum = 0;
    for (size_t b = 0; b < r->nblocks; b++) sum += r->blocks[b].max_runs;
    fprintf(out, "worst case: at most %.0f block executions in one %s, %s\n", w.bound, per,
            w.exact ? "the maximum of the flow's integer program"
                    : "the linear relaxation's maximum, floored");
    fprintf(out, "  (each block's proven bound alone sums to %.0f; the flow between them", sum);
    fprintf(out, " takes it to %.0f%s)\n", w.bound, w.capped ? "; some bounds rest on the spec's caps" : "");
    /* the blocks it charges most */
    size_t *order = malloc((r->nblocks + 1) * sizeof *order);
    size_t n = 0;
    for (size_t b = 0; order && b < r->nblocks; b++)
        if (w.charge[b] > 0.5) order[n++] = b;
    for (size_t i = 0; order && i < n && i < SHOWN; i++) { /* a partial selection sort: SHOWN picks */
        size_t best = i;
        for (size_t k = i + 1; k < n; k++)
            if (w.charge[order[k]] > w.charge[order[best]]) best = k;
        size_t t = order[i];
        order[i] = order[best];
        order[best] = t;
        block_name(&r->blocks[order[i]], out);
        fprintf(out, ": %.0f of its bound %.0f\n", w.charge[order[i]], r->blocks[order[i]].max_runs);
    }
    free(order);
    worst_case_free(&w);
    return ferror(out) ? -1 : 0;
}
