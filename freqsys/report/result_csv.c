/* freqsys/report/result_csv.c: the result's blocks as CSV, one row per block. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* A field quoted as RFC 4180 asks: only when it holds a comma, a quote or a line break,
 * with quotes doubled inside. */
static void field(FILE *out, const char *s) {
    if (!s) s = "";
    if (!s[strcspn(s, ",\"\r\n")]) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* 17 significant digits read back as the same double; NaN is an empty field and the
 * infinities are "inf" and "-inf", which spreadsheets and most CSV readers accept. */
static void number(FILE *out, double x) {
    if (isnan(x)) return;
    if (isinf(x))
        fputs(x > 0 ? "inf" : "-inf", out);
    else
        fprintf(out, "%.17g", x);
}

/* How the trials ended, when not all returned: a row per outcome in the blocks'
 * columns, so the file stays one table: function "(outcome)", block the outcome's
 * name, mean its share, hits its trials, status "outcome", p_upper the interval's
 * upper end and stddev its lower end. */
static void outcome_rows(const result *r, FILE *out) {
    if (r->noutcomes == 0 || (r->noutcomes == 1 && !strcmp(r->outcomes[0].name, "returned"))) return;
    for (size_t i = 0; i < r->noutcomes; i++) {
        const result_outcome *x = &r->outcomes[i];
        fputs("(outcome),", out);
        field(out, x->name);
        fputs(",,0,", out);
        number(out, x->share);
        fputc(',', out);
        number(out, x->low);
        fprintf(out, ",,0,0,%llu,outcome,,", (unsigned long long)x->trials);
        number(out, x->high);
        for (size_t k = 0; k < 4 * r->nquantile_levels; k++) fputc(',', out); /* no quantiles */
        fputc('\n', out);
    }
}

/* `run --quantiles`: four columns a level, pN,pN_low,pN_high,pN_status (p99.9 for
 * 0.999); an upper end that is none is "inf". */
static void quantile_header(const result *r, FILE *out) {
    for (size_t k = 0; k < r->nquantile_levels; k++) {
        char name[32];
        snprintf(name, sizeof name, "p%.10g", r->quantile_levels[k] * 100);
        fprintf(out, ",%s,%s_low,%s_high,%s_status", name, name, name, name);
    }
}

static void quantile_columns(const result *r, size_t block, FILE *out) {
    size_t m = r->nquantile_levels;
    for (size_t k = 0; k < m; k++) {
        const result_quantile *q = block * m + k < r->nquantiles ? &r->quantiles[block * m + k] : NULL;
        if (!q || q->block != block) {
            fputs(",,,,", out);
            continue;
        }
        fprintf(out, ",%llu,%llu,", (unsigned long long)q->value, (unsigned long long)q->low);
        number(out, q->high);
        fputc(',', out);
        field(out, q->status);
    }
}

/* Writes a header row and one row per block with every per-block field, in the order
 * function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper,
 * and with quantiles four columns a level; then the outcome rows (outcome_rows);
 * rows end in "\n". Returns 0, or -1 with errno set when writing failed. */
int result_write_csv(const result *r, FILE *out) {
    fputs("function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper", out);
    quantile_header(r, out);
    fputc('\n', out);
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        field(out, b->function);
        fputc(',', out);
        field(out, b->block);
        fputc(',', out);
        field(out, b->file);
        fprintf(out, ",%d,", b->line);
        number(out, b->mean);
        fputc(',', out);
        number(out, b->stddev);
        fputc(',', out);
        number(out, b->half_width);
        fprintf(out, ",%llu,%llu,%llu,", (unsigned long long)b->min, (unsigned long long)b->max,
                (unsigned long long)b->hits);
        field(out, b->status);
        fputc(',', out);
        field(out, b->method);
        fputc(',', out);
        number(out, b->p_upper);
        quantile_columns(r, i, out);
        fputc('\n', out);
    }
    outcome_rows(r, out);
    return result_flush(out, NULL, 0);
}
