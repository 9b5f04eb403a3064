/* freqsys/result/run_summary.c: the line `freqsys run` closes with on stderr, so a result written to a file
 * still shows its verdict. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "run_summary.h"

/* Blocks the rule left open: not within the precision, or with no finite mean. */
static size_t open_blocks(const result *r) {
    size_t open = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        open += r->blocks[i].status &&
                (!strcmp(r->blocks[i].status, "not_converged") || !strcmp(r->blocks[i].status, "unbounded"));
    return open;
}

/* Quantiles (`run --quantiles`) not within the precision. */
static size_t open_quantiles(const result *r) {
    size_t open = 0;
    for (size_t i = 0; i < r->nquantiles; i++)
        open += r->quantiles[i].status && !strcmp(r->quantiles[i].status, "not_converged");
    return open;
}

/* Why a run ended before every block settled, as a clause; "" when no flag says. */
static const char *why_open(const result *r) {
    if (r->interrupted) return " (interrupted)";
    for (size_t i = 0; i < r->nexceeded; i++)
        if (strcmp(r->exceeded[i].bound, "proven") != 0) return " (a trial exceeded a cap)";
    if (r->nexceeded) return " (a trial exceeded a proven bound)";
    if (r->time_limited) return " (the time limit ran out)";
    if (r->all_failed) return " (every trial failed)";
    if (r->gave_up) return " (no number of trials can settle the open blocks)";
    return " (the trial budget ran out)";
}

/* "0.3", or "2% of each mean + 0.001". */
static void precision(const result *r, char *buf, size_t size) {
    if (!r->relative)
        snprintf(buf, size, "%.10g", r->epsilon);
    else if (r->epsilon_floor > 0)
        snprintf(buf, size, "%.10g%% of each mean + %.10g", r->epsilon * 100, r->epsilon_floor);
    else
        snprintf(buf, size, "%.10g%% of each mean", r->epsilon * 100);
}

void run_summary_print(const result *r, const char *written_to, FILE *out) {
    char eps[96];
    precision(r, eps, sizeof eps);
    size_t open = open_blocks(r);
    const char *unit = r->trials == 1 ? "trial" : "trials";
    if (r->converged && r->sampling && !strcmp(r->sampling, "enumerated"))
        fprintf(out, "freqsys: exact: %zu blocks by enumeration of %llu combinations", r->nblocks,
                (unsigned long long)r->trials);
    else if (r->converged)
        fprintf(out, "freqsys: converged: %zu of %zu blocks within %s at %.10g%% confidence after %llu %s",
                r->nblocks - open, r->nblocks, eps, r->confidence * 100, (unsigned long long)r->trials, unit);
    else
        fprintf(
            out,
            "freqsys: NOT CONVERGED: %zu of %zu blocks not within %s at %.10g%% confidence after %llu %s%s",
            open, r->nblocks, eps, r->confidence * 100, (unsigned long long)r->trials, unit, why_open(r));
    if (r->elapsed_s < 1)
        fprintf(out, " in %.3g ms", r->elapsed_s * 1000);
    else if (r->elapsed_s < 120)
        fprintf(out, " in %.3g s", r->elapsed_s);
    else
        fprintf(out, " in %ld min %.0f s", (long)(r->elapsed_s / 60),
                r->elapsed_s - 60 * (double)(long)(r->elapsed_s / 60));
    size_t quantiles = open_quantiles(r);
    if (!r->converged && quantiles)
        fprintf(out, "; %zu of %zu quantiles not within %s", quantiles, r->nquantiles, eps);
    if (written_to) fprintf(out, "; result written to %s", written_to);
    fputc('\n', out);
}
