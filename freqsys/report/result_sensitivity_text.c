/* freqsys/report/result_sensitivity_text.c: the text report's sensitivities: per block, the inputs that drive
 * its count, ranked. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The change of a block's mean when the parameter moves by its own size, to first
 * order: |derivative x value|, the ranking within a block (the block's mean divides
 * all alike). A parameter at 0 (a location at the origin) ranks by its derivative
 * alone, after those with a size. */
static int by_effect(const void *x, const void *y, void *ctx) {
    const result_sensitivity *s = ctx;
    const result_sensitivity *a = &s[*(const size_t *)x], *b = &s[*(const size_t *)y];
    double ea = fabs(a->derivative * a->value), eb = fabs(b->derivative * b->value);
    if (ea != eb) return ea < eb ? 1 : -1;
    double da = fabs(a->derivative), db = fabs(b->derivative);
    return (da < db) - (da > db);
}

/* 1 when the interval of S excludes 0: the data say the parameter moves the count. */
static int drives(const result_sensitivity *s) {
    return isfinite(s->derivative) && isfinite(s->half_width) && fabs(s->derivative) > s->half_width;
}

/* The entries of one block, [FIRST, END) of R->sensitivities, ranked. */
static void block_rows(const result *r, size_t first, size_t end, size_t *order, FILE *out) {
    const result_block *b = &r->blocks[r->sensitivities[first].block];
    size_t n = 0;
    for (size_t i = first; i < end; i++) order[n++] = i;
    qsort_r(order, n, sizeof *order, by_effect, r->sensitivities);
    fprintf(out, "  %s:%s", b->function, b->block);
    if (b->line) fprintf(out, " (line %d)", b->line);
    fprintf(out, ", mean %.6g\n", b->mean);
    for (size_t k = 0; k < n; k++) {
        const result_sensitivity *s = &r->sensitivities[order[k]];
        char name[160];
        snprintf(name, sizeof name, "%s.%s = %g", s->input, s->parameter, s->value);
        fprintf(out, "    %-28s d mean / d %s = %.6g", name, s->parameter, s->derivative);
        if (isfinite(s->half_width)) fprintf(out, " ± %.3g", s->half_width);
        if (b->mean > 0 && isfinite(s->derivative))
            fprintf(out, "   elasticity %.3g", s->derivative * s->value / b->mean);
        fputs(drives(s) ? "\n" : "   (0 within the interval)\n", out);
    }
}

int result_write_sensitivity_text(const result *r, FILE *out) {
    if (!r->has_sensitivities) return 0;
    size_t *order = malloc((r->nsensitivities + 1) * sizeof *order);
    if (!order) return -1;
    fprintf(
        out,
        "sensitivities (score function): how each block's mean moves with each parameter of the inputs;\n"
        "± is an asymptotic (CLT) half-width at %g, not a proven bound like the means'. Blocks whose count\n"
        "no parameter moves beyond its interval are left out (all are in the JSON result).\n",
        r->confidence);
    size_t quiet = 0;
    for (size_t first = 0; first < r->nsensitivities;) {
        size_t end = first;
        int any = 0;
        while (end < r->nsensitivities && r->sensitivities[end].block == r->sensitivities[first].block)
            any |= drives(&r->sensitivities[end++]);
        if (any && r->sensitivities[first].block < r->nblocks)
            block_rows(r, first, end, order, out);
        else
            quiet++;
        first = end;
    }
    if (!r->nsensitivities)
        fputs("  no parameter of the inputs has a score\n", out);
    else if (quiet)
        fprintf(out, "  (%zu %s driven by no parameter within the intervals)\n", quiet,
                quiet == 1 ? "block" : "blocks");
    if (r->nsensitivity_skipped) {
        fputs("  no sensitivity (a support's bound, an integer, or drawn outside the inputs' reads):", out);
        for (size_t i = 0; i < r->nsensitivity_skipped; i++)
            fprintf(out, "%s %s.%s", i ? "," : "", r->sensitivity_skipped[i].input,
                    r->sensitivity_skipped[i].parameter);
        fputc('\n', out);
    }
    fputc('\n', out);
    free(order);
    return 0;
}
