/* freqsys/report/report_gcov.c: the result in gcov's text form, the annotated source gcov users read. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Each line of a source: "-" where no block starts, "#####" where blocks start but
 * none ran, else the largest count of the blocks starting there (as lcov's DA), the
 * mean times the scale: by default the result's runs, so the counts are totals as a
 * coverage build run on the trials' inputs would count them. */

/* The largest scaled count of FILE's blocks starting on each line, into MOST[line]
 * (lines 1..n), and whether any block starts there, into CODE[line]. */
static void line_counts(const result *r, const char *file, double scale, uint64_t *most, unsigned char *code,
                        size_t n) {
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (strcmp(b->file, file) != 0 || b->line <= 0 || (size_t)b->line > n) continue;
        uint64_t c = number_scaled(b->mean, scale);
        code[b->line] = 1;
        if (c > most[b->line]) most[b->line] = c;
    }
}

/* One source as gcov writes it; its lines read from disk, or numbered alone when the
 * source is not found. */
static int one_file(const result *r, const result_export *opt, const char *file, double scale, FILE *out) {
    char *path = source_file_path(r, opt, file);
    if (!path) return -1;
    source_file sf = {0};
    int found = source_file_read(path, &sf) == 0;
    if (!found) source_file_warn(opt, file, path);
    size_t n = found ? sf.nlines : 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].file, file) && r->blocks[i].line > 0 && (size_t)r->blocks[i].line > n)
            n = (size_t)r->blocks[i].line;
    uint64_t *most = calloc(n + 2, sizeof *most);
    unsigned char *code = calloc(n + 2, 1);
    if (!most || !code) {
        free(most);
        free(code);
        free(path);
        source_file_free(&sf);
        return -1;
    }
    line_counts(r, file, scale, most, code, n);
    char *real = found ? realpath(path, NULL) : NULL;
    fprintf(out, "%9s:%5d:Source:%s\n", "-", 0, real ? real : path);
    free(real);
    fprintf(out, "%9s:%5d:Runs:%.0f\n", "-", 0, scale);
    for (size_t line = 1; line <= n; line++) {
        const char *text = found && line <= sf.nlines ? sf.lines[line - 1] : "";
        if (!code[line])
            fprintf(out, "%9s:%5zu:%s\n", "-", line, text);
        else if (most[line] == 0)
            fprintf(out, "%9s:%5zu:%s\n", "#####", line, text);
        else
            fprintf(out, "%9" PRIu64 ":%5zu:%s\n", most[line], line, text);
    }
    free(most);
    free(code);
    free(path);
    source_file_free(&sf);
    return 0;
}

/* The scale: --scale N, else the result's runs. */
static double gcov_scale(const result *r, const result_export *opt) {
    return opt->scale > 0 && !opt->over_runs ? opt->scale : number_runs(r);
}

/* Whether block I's file was seen before it: each file once, in the result's order. */
static int first_of_file(const result *r, size_t i) {
    if (!r->blocks[i].file[0]) return 0;
    for (size_t j = 0; j < i; j++)
        if (!strcmp(r->blocks[j].file, r->blocks[i].file)) return 0;
    return 1;
}

int report_gcov_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    double scale = gcov_scale(r, opt);
    errno = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (first_of_file(r, i) && one_file(r, opt, r->blocks[i].file, scale, out) != 0) {
            if (err && errlen) snprintf(err, errlen, "out of memory");
            errno = ENOMEM;
            return -1;
        }
    return result_flush(out, err, errlen);
}

int report_gcov_write_dir(const result *r, const result_export *opt, const char *dir, char *err,
                          size_t errlen) {
    double scale = gcov_scale(r, opt);
    for (size_t i = 0; i < r->nblocks; i++) {
        if (!first_of_file(r, i)) continue;
        const char *file = r->blocks[i].file, *base = strrchr(file, '/');
        base = base ? base + 1 : file;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.gcov", dir, base);
        FILE *out = fopen(path, "w");
        if (!out) {
            if (err && errlen) snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        int rc = one_file(r, opt, file, scale, out);
        int closed = fclose(out) == 0;
        if (!closed || rc != 0) {
            if (err && errlen)
                snprintf(err, errlen, "writing %s failed: %s", path,
                         rc != 0 ? "out of memory" : strerror(errno));
            return -1;
        }
    }
    return 0;
}
