/* freqsys/report/result_text.c: the result as an aligned table for people, with a verdict. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The cells of one table row, formatted before printing so widths can be measured. */
typedef struct row {
    char loc[64 + 24]; /* "file:line"; a long file name is cut, the column stays readable */
    char mean[48], half[48];
    char note[224]; /* how the bound was had, or why there is none */
} row;

/* Writes V with thousands separators: 18431 -> "18,431". */
static void grouped(char *buf, size_t n, uint64_t v) {
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t j = 0;
    for (int i = 0; i < len && j + 2 < n; i++) {
        if (i > 0 && (len - i) % 3 == 0) buf[j++] = ',';
        buf[j++] = digits[i];
    }
    buf[j] = '\0';
}

/* Four decimals for every mean and half width, so decimal points line up; three
 * significant digits for a value that four decimals would show as 0; "-" when the
 * value is not a number. */
static void fixed(char *buf, size_t n, double x) {
    if (isnan(x))
        snprintf(buf, n, "-");
    else if (x != 0.0 && fabs(x) < 0.00005)
        snprintf(buf, n, "%.2e", x);
    else
        snprintf(buf, n, "%.4f", x);
}

/* Display width of a UTF-8 string: one column per code point, which holds for the names
 * and the "±" this table prints. */
static size_t width(const char *s) {
    size_t w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) w++;
    return w;
}

static void pad(FILE *out, size_t n) {
    while (n-- > 0) fputc(' ', out);
}

/* Left-aligned cell of WIDTH columns. */
static void left(FILE *out, const char *s, size_t w) {
    fputs(s, out);
    pad(out, w > width(s) ? w - width(s) : 0);
}

/* Right-aligned cell of WIDTH columns. */
static void right(FILE *out, const char *s, size_t w) {
    pad(out, w > width(s) ? w - width(s) : 0);
    fputs(s, out);
}

static const char *text(const char *s) {
    return s ? s : "";
}

static int is_status(const result_block *b, const char *status) {
    return b->status && strcmp(b->status, status) == 0;
}

/* "±0.3" for an absolute epsilon, "±2%" for a relative one (stored as 0.02). */
static void precision(char *buf, size_t n, const result *r) {
    if (r->relative)
        snprintf(buf, n, "±%.10g%%", r->epsilon * 100);
    else
        snprintf(buf, n, "±%.10g", r->epsilon);
}

/* " of the mean", and its floor when it has one: " of the mean + 0.001". */
static void relative_to(char *buf, size_t n, const result *r, const char *mean) {
    buf[0] = '\0';
    if (r->relative && r->epsilon_floor > 0)
        snprintf(buf, n, " of %s + %.10g", mean, r->epsilon_floor);
    else if (r->relative)
        snprintf(buf, n, " of %s", mean);
}

/* A block with no source line of its own (code the compiler made, a join with only
 * a branch) is shown in its function's file, "file:?", so it can still be found. */
static void location(char *buf, size_t n, const result_block *b, const result *r) {
    const char *file = text(b->file);
    for (size_t i = 0; !*file && b->line <= 0 && r && i < r->nfunctions; i++)
        if (r->functions[i].name && b->function && !strcmp(r->functions[i].name, b->function) &&
            r->functions[i].file && *r->functions[i].file) {
            snprintf(buf, n, "%.64s:?", r->functions[i].file);
            return;
        }
    if (*file && b->line > 0)
        snprintf(buf, n, "%.64s:%d", file, b->line);
    else if (*file)
        snprintf(buf, n, "%.64s", file);
    else if (b->line > 0)
        snprintf(buf, n, "line %d", b->line);
    else
        snprintf(buf, n, "-");
}

static int is_basis(const result_block *b, const char *basis) {
    return b->basis && strcmp(b->basis, basis) == 0;
}

/* The range a bound rests on: ", at most 21 per run (proven)" or ", assuming at
 * most 21 executions per run (--cap)". Per run under replicate sampling too: the
 * range of a replicate's total, divided by its runs, is a run's. */
static void assumption(char *buf, size_t n, const result_block *b, const result *r) {
    const char *per = r->calls > 1 ? "call" : "run";
    buf[0] = '\0';
    if (!isfinite(b->range)) return;
    if (is_basis(b, "proven") && b->tail_mass > 0)
        snprintf(buf, n,
                 ", at most %.15g per %s but in a tail of the inputs, which adds at most %.2g (proven)",
                 b->range, per, b->tail_mass);
    else if (is_basis(b, "asymptotic"))
        snprintf(buf, n,
                 ", asymptotic: the normal interval on the weighted trials' own moments, no guarantee "
                 "(weighted count at most %.15g per %s)",
                 b->range, per);
    else if (is_basis(b, "proven") && r->rare_block)
        snprintf(buf, n, ", weighted count at most %.15g per %s (proven bound x largest weight)", b->range,
                 per);
    else if (is_basis(b, "proven"))
        snprintf(buf, n, ", at most %.15g per %s (proven)", b->range, per);
    else if (is_basis(b, "cap") && b->cap)
        snprintf(buf, n, ", assuming at most %.15g executions per %s (cap %s)", b->range, per, b->cap);
    else if (is_basis(b, "cap"))
        snprintf(buf, n, ", assuming at most %.15g executions per %s (--cap)", b->range, per);
    else if (b->cap && isfinite(b->max_runs))
        snprintf(buf, n, ", at most %.15g executions per %s (cap %s)", b->max_runs, per, b->cap);
}

/* Why a block with no bound stays open, and what would bound it: a floor for a
 * relative epsilon and a block never reached, else a cap. */
static void no_bound(char *buf, size_t n, const result_block *b, const result *r) {
    if (b->hits == 0 && r->relative && !(r->epsilon_floor > 0))
        snprintf(buf, n,
                 "no bound: never reached (P ≤ %.3g), and 0 is within %.10g%% of a mean only if it is 0; "
                 "add a floor: epsilon %.10g%% + 0.001",
                 b->p_upper, r->epsilon * 100, r->epsilon * 100);
    else if (b->hits == 0 && isfinite(b->p_upper) && b->p_upper > 0)
        snprintf(buf, n, "no bound: never reached (P ≤ %.3g), nothing bounds its count%s%s%s", b->p_upper,
                 isnan(b->max_runs) ? "; add `cap " : "", isnan(b->max_runs) ? b->function : "",
                 isnan(b->max_runs) ? " N` or a cap for its loop" : "");
    else if (b->min == b->max && b->hits > 0)
        snprintf(buf, n,
                 "no bound: %llu in every trial, nothing bounds its count; add `cap %s N` or a cap for "
                 "its loop",
                 (unsigned long long)b->max, b->function);
    else
        snprintf(buf, n, "no bound yet");
}

static void fill(row *w, const result_block *b, const result *r) {
    char why[160];
    location(w->loc, sizeof w->loc, b, r);
    fixed(w->mean, sizeof w->mean, b->mean);
    fixed(w->half, sizeof w->half, b->half_width);
    assumption(why, sizeof why, b, r);
    w->note[0] = '\0';
    if (result_unbounded_note(w->note, sizeof w->note, &b->estimate, r)) {
        w->half[0] = '\0';
    } else if (b->cap_exceeded) {
        /* its interval takes a range a trial's count showed false: no claim */
        w->half[0] = '\0';
        if (b->cap)
            snprintf(w->note, sizeof w->note, "not settled: it rests on cap %s, which a trial exceeded",
                     b->cap);
        else
            snprintf(w->note, sizeof w->note,
                     "not settled: it rests on the cap on every block, which a trial "
                     "exceeded");
    } else if (is_status(b, "exact"))
        snprintf(w->note, sizeof w->note, "exact: enumerated");
    else if (is_status(b, "constant") && b->method && !strcmp(b->method, "exact"))
        snprintf(w->note, sizeof w->note,
                 b->mean == 0.0 ? "exact: proven never to run" : "exact: proven, not sampled");
    else if (is_status(b, "constant") && b->method && !strcmp(b->method, "observed") && !b->basis)
        snprintf(w->note, sizeof w->note, "observed in every trial"); /* a result from before bounds */
    else if (is_status(b, "constant") && b->method && !strcmp(b->method, "observed"))
        snprintf(w->note, sizeof w->note, "same in every trial, P(differs) ≤ %.3g%s", b->p_upper, why);
    else if (is_status(b, "rare")) {
        /* The normal interval does not apply: the bound on reaching the block does. */
        char hits[32];
        grouped(hits, sizeof hits, b->hits);
        w->half[0] = '\0';
        if (b->hits == 0)
            snprintf(w->note, sizeof w->note, "never reached, P(reached) ≤ %.3g%s", b->p_upper, why);
        else
            snprintf(w->note, sizeof w->note, "reached in %s trial%s, P(reached) ≤ %.3g%s", hits,
                     b->hits == 1 ? "" : "s", b->p_upper, why);
    } else if (is_status(b, "not_converged") && b->basis &&
               (is_basis(b, "none") || !isfinite(b->half_width))) {
        w->half[0] = '\0';
        no_bound(w->note, sizeof w->note, b, r);
    } else if (is_status(b, "not_converged") && is_basis(b, "plug_in")) {
        /* an interval on the trials' moments alone: shown, but it proves nothing */
        /* the most the trials saw, so that a cap is a decision, not a guess */
        char most[32];
        grouped(most, sizeof most, b->max);
        snprintf(w->note, sizeof w->note,
                 "asymptotic only: no bound on its count (at most %s in one trial so far); bound its loop "
                 "(`cap FILE:LINE N`, LINE its test's) or its function (`cap %s N`) to settle it",
                 most, b->function);
    } else if (why[0]) {
        snprintf(w->note, sizeof w->note, "%s", why + 2);
    }
    if (b->proven_once && (!b->method || strcmp(b->method, "exact") != 0) && b->mean < 1 &&
        r->crashes + r->timeouts + r->input_errors > 0) {
        /* proven of runs not cut short: the trials that stopped before it are why it is sampled */
        size_t k = strlen(w->note);
        snprintf(w->note + k, sizeof w->note - k,
                 "%sonce in every run not cut short before it (proven); sampled, as trials "
                 "stopped before it",
                 k ? "; " : "");
    }
    if (isfinite(b->variance_ratio) && b->variance_ratio > 0 && !is_status(b, "exact")) {
        size_t n = strlen(w->note);
        snprintf(w->note + n, sizeof w->note - n, "%svariance ratio %.3g", n ? "; " : "", b->variance_ratio);
    }
}

/* How the inputs were sampled, when not plainly: one line under the guarantee. */
static void sampling_line(const result *r, FILE *out) {
    if (r->sampling_note) fprintf(out, "sampling: %s\n", text(r->sampling_note));
    if (!r->sampling || !strcmp(r->sampling, "plain")) return;
    char runs[32];
    grouped(runs, sizeof runs, r->runs);
    if (!strcmp(r->sampling, "enumerated")) {
        fprintf(out,
                "sampling: exact enumeration: every combination of the inputs' values once, weighted by its "
                "probability (%s runs of %llu draw%s each)\n",
                runs, (unsigned long long)r->draws_per_run, r->draws_per_run == 1 ? "" : "s");
        return;
    }
    fprintf(out,
            "sampling: %s; a trial is %llu runs (one independent replicate), %s runs in all; the variance "
            "ratio is plain sampling's variance over this method's at equal runs\n",
            text(r->sampling), (unsigned long long)r->runs_per_trial, runs);
}

static void header(const result *r, FILE *out) {
    char eps[48], trials[32], crashes[32], timeouts[32];
    int function = r->mode && strcmp(r->mode, "function") == 0;
    precision(eps, sizeof eps, r);
    grouped(trials, sizeof trials, r->trials);
    grouped(crashes, sizeof crashes, r->crashes);
    grouped(timeouts, sizeof timeouts, r->timeouts);
    fprintf(out, "%s: %s mode, entry %s; MEAN is executions per %s\n", text(r->spec), text(r->mode),
            text(r->entry), function ? "call" : "run");
    if (r->calls > 1)
        fprintf(out,
                "each trial: %llu calls in a row, globals kept between them; the first %llu not counted\n",
                (unsigned long long)r->calls, (unsigned long long)r->warmup);
    char of[64];
    relative_to(of, sizeof of, r, "the mean");
    fprintf(out, "epsilon %s%s, confidence %.10g%%, seed %llu\n", eps, of, r->confidence * 100,
            (unsigned long long)r->seed);
    if (r->guarantee) {
        /* What the confidence above promises: per block or for all at once, and how. */
        int together = strncmp(r->guarantee, "simultaneous_", 13) == 0;
        int anytime = r->stop_method && strcmp(r->stop_method, "anytime") == 0;
        fprintf(out, "guarantee: %s at %.10g%%", together ? "all blocks at once" : "each block alone",
                r->confidence * 100);
        if (together)
            fprintf(out, " (%s: %.6g%% each)", strcmp(r->guarantee + 13, "sidak") ? "Bonferroni" : "Šidák",
                    r->block_confidence * 100);
        int paper = r->stop_method && strcmp(r->stop_method, "paper") == 0;
        fprintf(
            out, "; %s\n",
            anytime ? "anytime intervals, valid at every check point"
            : paper ? "the FreqSys paper's rule: normal intervals, Berry-Esseen <= (1-gamma)/10 "
                      "(asymptotic: no guarantee)"
            : r->rare_block
                ? "the narrowest valid of: normal widened by Berry-Esseen (moments bounded by the range), "
                  "betting, empirical Bernstein, binomial; under importance sampling, where none is within "
                  "epsilon, the normal interval on the weighted trials' moments (asymptotic: basis "
                  "asymptotic)"
                : "the narrowest valid of: normal widened by Berry-Esseen (moments bounded by the "
                  "range), betting, empirical Bernstein, binomial");
    }
    fprintf(out, "%s trial%s", trials, r->trials == 1 ? "" : "s");
    if (r->jobs > 0 && isfinite(r->elapsed_s) && isfinite(r->trials_per_s)) {
        char rate[32];
        grouped(rate, sizeof rate, (uint64_t)llround(r->trials_per_s > 0 ? r->trials_per_s : 0));
        fprintf(out, " in %.2f s (%s trials/s, %d job%s)", r->elapsed_s, rate, r->jobs,
                r->jobs == 1 ? "" : "s");
    }
    fprintf(out, ", %s crash%s, %s timeout%s", crashes, r->crashes == 1 ? "" : "es", timeouts,
            r->timeouts == 1 ? "" : "s");
    if (r->timeouts && r->timeout_s > 0)
        fprintf(out, " (at %.3g s of CPU time%s)", r->timeout_s,
                r->timeout_calibrated ? ", 20 times the slowest of the first trials" : "");
    if (r->input_errors)
        fprintf(out,
                ", %llu trial%s with a drawn value that did not fit its type (counted up to it; --replay "
                "shows one)",
                (unsigned long long)r->input_errors, r->input_errors == 1 ? "" : "s");
    fputc('\n', out);
    sampling_line(r, out);
    if (r->interrupted) fputs("interrupted before the stopping rule decided\n", out);
    if (r->time_limited)
        fputs("stopped by the time limit; the blocks are judged on the trials run by then\n", out);
    for (size_t i = 0; i < r->nwarnings; i++) fprintf(out, "warning: %s\n", text(r->warnings[i]));
}

static void table(const result *r, const row *rows, FILE *out) {
    size_t wf = width("FUNCTION"), wb = width("BLOCK"), wl = width("LOCATION");
    size_t wm = width("MEAN"), wh = width("±HALF"), ws = width("STATUS");
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        const row *w = &rows[i];
        size_t x;
        if ((x = width(text(b->function))) > wf) wf = x;
        if ((x = width(text(b->block))) > wb) wb = x;
        if ((x = width(w->loc)) > wl) wl = x;
        if ((x = width(w->mean)) > wm) wm = x;
        if ((x = width(w->half)) > wh) wh = x;
        if ((x = width(text(b->status))) > ws) ws = x;
    }
    left(out, "FUNCTION", wf + 2);
    left(out, "BLOCK", wb + 2);
    left(out, "LOCATION", wl + 2);
    right(out, "MEAN", wm);
    pad(out, 3);
    right(out, "±HALF", wh);
    fputs("  STATUS\n", out);
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        const row *w = &rows[i];
        left(out, text(b->function), wf + 2);
        left(out, text(b->block), wb + 2);
        left(out, w->loc, wl + 2);
        right(out, w->mean, wm);
        fputs(w->half[0] ? " ± " : "   ", out);
        right(out, w->half, wh);
        pad(out, 2);
        if (w->note[0]) {
            left(out, text(b->status), ws + 2);
            fputs(w->note, out);
        } else {
            fputs(text(b->status), out);
        }
        fputc('\n', out);
    }
}

static void failures(const result *r, FILE *out) {
    if (r->nfailures == 0) return;
    fputs("failed trials:", out);
    for (size_t i = 0; i < r->nfailures; i++) {
        const result_failure *f = &r->failures[i];
        fprintf(out, "%s #%llu %s", i ? "," : "", (unsigned long long)f->trial, text(f->kind));
        if (f->kind && strcmp(f->kind, "crash") == 0) fprintf(out, " (signal %d)", f->signal);
    }
    uint64_t total = r->crashes + r->timeouts + r->input_errors;
    if (total > r->nfailures) fprintf(out, " (first %zu of %llu)", r->nfailures, (unsigned long long)total);
    fputc('\n', out);
}

static void mmio_writes(const result *r, FILE *out) {
    if (r->nmmio_writes == 0) return;
    fprintf(out, "register writes (dropped, counted per %s):",
            strcmp(text(r->mode), "function") == 0 ? "call" : "run");
    for (size_t i = 0; i < r->nmmio_writes; i++) {
        const result_mmio_write *w = &r->mmio_writes[i];
        fprintf(out, "%s 0x%08llx %.4f", i ? "," : "", (unsigned long long)w->address, w->mean);
        /* the same count in every trial has no bound without a cap: no ± to show */
        if (isfinite(w->half_width))
            fprintf(out, " ± %.4f", w->half_width);
        else
            fputs(" (no bound)", out);
    }
    fputc('\n', out);
}

/* Why the run ended before its budget, and what would let it settle the blocks
 * listed: a floor for those a relative epsilon cannot settle at 0, a cap for the rest. */
static void gave_up(const result *r, FILE *out) {
    size_t floor = 0, cap = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (!is_status(b, "not_converged") || b->cap_exceeded) continue;
        if (b->hits == 0 && r->relative && !(r->epsilon_floor > 0))
            floor++;
        else
            cap++;
    }
    fputs("ended early: no number of trials can settle the open blocks above", out);
    if (cap)
        fputs(": nothing bounds their count;\nstate it where it belongs: `cap FILE:LINE N` (the most "
              "iterations of "
              "the loop whose test is at that line, per entry),\n`cap FUNCTION N` (the most executions of "
              "any block "
              "of that function, per call; not for a recursive one, or one called through a pointer,\n"
              "whose calls per run are what is open), or --cap N for every block; `freqsys check "
              "--unbounded SPEC`\nsays, for each loop and function, what holds it open",
              out);
    if (floor)
        fprintf(out,
                "%s never reached, and 0 is within %.10g%% of a mean only if it is 0;\ngive the relative "
                "epsilon a floor (epsilon %.10g%% + 0.001)",
                cap ? ";\nfor those" : ": they were", r->epsilon * 100, r->epsilon * 100);
    fputc('\n', out);
}

static void verdict(const result *r, const row *rows, FILE *out) {
    char eps[48], trials[32], of[64];
    size_t open = 0;
    precision(eps, sizeof eps, r);
    relative_to(of, sizeof of, r, "their means");
    grouped(trials, sizeof trials, r->trials);
    for (size_t i = 0; i < r->nblocks; i++)
        open += is_status(&r->blocks[i], "not_converged") || is_status(&r->blocks[i], "unbounded");
    if (r->converged && r->sampling && !strcmp(r->sampling, "enumerated")) {
        fprintf(out, "exact: %zu of %zu blocks by enumeration of %s combinations\n", r->nblocks - open,
                r->nblocks, trials);
        return;
    }
    size_t open_paths = 0;
    for (size_t i = 0; i < r->npaths; i++)
        open_paths += r->paths[i].status && !strcmp(r->paths[i].status, "not_converged");
    if (!r->converged && open == 0 && open_paths)
        fprintf(out, "NOT CONVERGED: %zu of %zu paths not within their precision (listed above)\n",
                open_paths, r->npaths);
    size_t open_contexts = 0;
    for (size_t i = 0; i < r->ncontexts; i++)
        for (size_t k = 0; k < r->contexts[i].nblocks; k++)
            open_contexts +=
                r->contexts[i].blocks[k].status && !strcmp(r->contexts[i].blocks[k].status, "not_converged");
    if (!r->converged && open == 0 && open_contexts)
        fprintf(out,
                "NOT CONVERGED: %zu blocks in their calling contexts not within their precision (counted "
                "above)\n",
                open_contexts);
    size_t open_quantiles = 0;
    for (size_t i = 0; i < r->nquantiles; i++)
        open_quantiles += r->quantiles[i].status && !strcmp(r->quantiles[i].status, "not_converged");
    if (!r->converged && open == 0 && !r->nexceeded && open_quantiles) {
        fprintf(out,
                "NOT CONVERGED: %zu of %zu quantiles not within %s after %s %s%s (marked 'open' above)\n",
                open_quantiles, r->nquantiles, eps, trials, r->trials == 1 ? "trial" : "trials",
                r->interrupted ? " (interrupted)" : "");
        return;
    }
    if (!r->converged && open == 0 && r->nexceeded) {
        fputs("NOT CONVERGED: the trials contradicted a bound the verdicts may rest on\n", out);
        result_write_exceeded_text(r, "", out);
        return;
    }
    if (r->all_failed) {
        fprintf(out, "NOT CONVERGED: all %s %s failed (outcomes above)\n", trials,
                r->trials == 1 ? "trial" : "trials");
        return;
    }
    if (r->converged) {
        fprintf(out, "converged: %zu of %zu blocks within %s%s at %.10g%% confidence after %s %s\n",
                r->nblocks - open, r->nblocks, eps, of, r->confidence * 100, trials,
                r->trials == 1 ? "trial" : "trials");
        if (r->paced_by > 0 && r->paced_by <= r->nblocks) {
            size_t j = r->paced_by - 1;
            const result_block *b = &r->blocks[j];
            fprintf(out, "the trials were set by %s %s", text(b->function), text(b->block));
            if (strcmp(rows[j].loc, "-") != 0) fprintf(out, " (%s)", rows[j].loc);
            fputs(", the last block to settle\n", out);
        }
        return;
    }
    fprintf(out, "NOT CONVERGED: %zu of %zu blocks not within %s%s at %.10g%% confidence after %s %s%s\n",
            open, r->nblocks, eps, of, r->confidence * 100, trials, r->trials == 1 ? "trial" : "trials",
            r->interrupted ? " (interrupted)" : "");
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (!is_status(b, "not_converged") && !is_status(b, "unbounded")) continue;
        fprintf(out, "  %s %s", text(b->function), text(b->block));
        if (strcmp(rows[i].loc, "-") != 0) fprintf(out, " (%s)", rows[i].loc);
        if (rows[i].half[0] && is_basis(b, "plug_in"))
            fprintf(out, ": %s ± %s, %s\n", rows[i].mean, rows[i].half, rows[i].note);
        else if (rows[i].half[0])
            fprintf(out, ": %s ± %s\n", rows[i].mean, rows[i].half);
        else
            fprintf(out, ": %s, %s\n", rows[i].mean, rows[i].note[0] ? rows[i].note : "no bound");
    }
    result_write_exceeded_text(r, "", out);
    size_t unbounded = 0, exceeded = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        unbounded += is_status(&r->blocks[i], "unbounded");
        exceeded += is_status(&r->blocks[i], "not_converged") && r->blocks[i].cap_exceeded;
    }
    if (unbounded)
        fprintf(
            out,
            "%zu block%s had no end in some trials (killed at the timeout): %s no finite expected count as "
            "far\n"
            "as the trials tell; fix the endless loop, or raise the timeout if those runs only take long\n",
            unbounded, unbounded == 1 ? "" : "s", unbounded == 1 ? "it has" : "they have");
    if (r->gave_up && unbounded + exceeded < open) gave_up(r, out);
}

/* Writes R as text: a header (spec, mode and entry, what MEAN counts, epsilon, confidence,
 * seed, trials, crashes, timeouts, timing), the table, the failed trials, and a verdict
 * line listing the blocks that did not converge. Returns 0, or -1 with errno set: ENOMEM,
 * or the stream's errno when writing failed. */
int result_write_text(const result *r, FILE *out) {
    row *rows = calloc(r->nblocks ? r->nblocks : 1, sizeof *rows);
    if (!rows) {
        errno = ENOMEM;
        return -1;
    }
    for (size_t i = 0; i < r->nblocks; i++) fill(&rows[i], &r->blocks[i], r);
    header(r, out);
    fputc('\n', out);
    table(r, rows, out);
    fputc('\n', out);
    failures(r, out);
    result_write_outcomes_text(r, out);
    mmio_writes(r, out);
    if (result_write_rare_text(r, out) != 0 || result_write_paths_text(r, out, 5) != 0 ||
        result_write_contexts_text(r, out) != 0 || result_write_sensitivity_text(r, out) != 0 ||
        result_write_quantiles_text(r, out) != 0) {
        free(rows);
        errno = ENOMEM;
        return -1;
    }
    verdict(r, rows, out);
    free(rows);
    return result_flush(out, NULL, 0);
}
