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
        fputc('\n', out);
    }
}

/* Writes a header row and one row per block with every per-block field, in the order
 * function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper,
 * then the outcome rows (outcome_rows); rows end in "\n". Returns 0, or -1 with
 * errno set when writing failed. */
int result_write_csv(const result *r, FILE *out) {
    fputs("function,block,file,line,mean,stddev,half_width,min,max,hits,status,method,p_upper\n", out);
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
        fputc('\n', out);
    }
    outcome_rows(r, out);
    return result_flush(out, NULL, 0);
}
