/* freqsys/report/report_lcov.c: the result as an lcov tracefile of scaled expected counts, for genhtml. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* lcov counts are integers: each is the expected count per run (or per call) times the
 * scale, rounded (number_scaled), and the scale is named in the test name and in a
 * comment line, which lcov's readers skip. */

static int cmp_line(const void *a, const void *b) {
    const result_block *x = *(const result_block *const *)a, *y = *(const result_block *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* The declaration line of FUNCTION, or the line of its first located block. */
static int function_line(const result *r, const char *function, const char *file) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, function) == 0 && r->functions[k].line &&
            (!r->functions[k].file[0] || strcmp(r->functions[k].file, file) == 0))
            return r->functions[k].line;
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].function, function) == 0 && r->blocks[i].line) return r->blocks[i].line;
    return 0;
}

/* FN/FNDA for the functions whose entry block lies in FILE; their call count is the
 * entry block's count. */
static void functions(const result *r, const char *file, double scale, FILE *out) {
    size_t found = 0, hit = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < r->nblocks; i++) {
            const result_block *b = &r->blocks[i];
            if ((i > 0 && strcmp(b->function, r->blocks[i - 1].function) == 0) || strcmp(b->file, file) != 0)
                continue;
            uint64_t n = number_scaled(b->mean, scale);
            if (pass == 0) {
                fprintf(out, "FN:%d,%s\n", function_line(r, b->function, file), b->function);
            } else {
                fprintf(out, "FNDA:%" PRIu64 ",%s\n", n, b->function);
                found++, hit += n > 0;
            }
        }
    fprintf(out, "FNF:%zu\nFNH:%zu\n", found, hit);
}

/* BRDA for every block of FILE with two or more distinct successors whose edge counts
 * are all known; "-" for a block that never ran. Lines are the block's first line. */
static void branches(const result *r, const edge_flow *f, const result_block **sorted, size_t n, double scale,
                     FILE *out) {
    size_t found = 0, hit = 0;
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)(sorted[k] - r->blocks);
        size_t lo = f->first[i], hi = f->first[i + 1], e = lo;
        while (e < hi && f->edges[e].known) e++;
        if (hi - lo < 2 || e < hi) continue;
        for (e = lo; e < hi; e++) {
            found++;
            if (!(sorted[k]->mean > 0)) {
                fprintf(out, "BRDA:%d,%zu,%zu,-\n", sorted[k]->line, i, e - lo);
                continue;
            }
            uint64_t taken = number_scaled(f->edges[e].count, scale);
            hit += taken > 0;
            fprintf(out, "BRDA:%d,%zu,%zu,%" PRIu64 "\n", sorted[k]->line, i, e - lo, taken);
        }
    }
    fprintf(out, "BRF:%zu\nBRH:%zu\n", found, hit);
}

/* DA per line: the largest count of the blocks that start on it (a line holding a loop
 * condition and its increment shows the condition's count, the most it ran). */
static void lines(const result_block **sorted, size_t n, double scale, FILE *out) {
    size_t found = 0, hit = 0;
    for (size_t k = 0; k < n;) {
        uint64_t most = 0;
        size_t j = k;
        for (; j < n && sorted[j]->line == sorted[k]->line; j++) {
            uint64_t c = number_scaled(sorted[j]->mean, scale);
            most = c > most ? c : most;
        }
        fprintf(out, "DA:%d,%" PRIu64 "\n", sorted[k]->line, most);
        found++, hit += most > 0;
        k = j;
    }
    fprintf(out, "LF:%zu\nLH:%zu\n", found, hit);
}

/* One record for source FILE: its path for genhtml, functions, branches and lines. */
static int record(const result *r, const result_export *opt, const edge_flow *f, const char *file,
                  const result_block **sorted, FILE *out) {
    double scale = number_scale(opt);
    size_t n = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].file, file) == 0 && r->blocks[i].line > 0) sorted[n++] = &r->blocks[i];
    qsort(sorted, n, sizeof *sorted, cmp_line);
    char *path = source_file_path(r, opt, file), real[PATH_MAX];
    if (!path) return -1;
    if (realpath(path, real))
        fprintf(out, "SF:%s\n", real);
    else {
        source_file_warn(opt, file, path);
        fprintf(out, "SF:%s\n", path);
    }
    free(path);
    functions(r, file, scale, out);
    branches(r, f, sorted, n, scale, out);
    lines(sorted, n, scale, out);
    fputs("end_of_record\n", out);
    return 0;
}

int report_lcov_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    static const result_export defaults;
    if (!opt) opt = &defaults;
    edge_flow f;
    const result_block **sorted = malloc((r->nblocks ? r->nblocks : 1) * sizeof *sorted);
    if (!sorted || edge_flow_solve(r, &f) != 0) {
        free(sorted);
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    result_export totals;
    if (opt->over_runs) { /* the scale is the number of runs: totals, as coverage counts them */
        totals = *opt;
        totals.scale = number_runs(r);
        opt = &totals;
    }
    double scale = number_scale(opt);
    const char *unit = strcmp(r->mode, "function") == 0 ? "call" : "run";
    errno = 0;
    if (opt->over_runs) {
        fprintf(out,
                "# freqsys: counts are totals over the %.0f %ss of the trials (expected executions per %s "
                "x %.0f, rounded); see docs/exports.md\n",
                scale, unit, unit, scale);
        fprintf(out, "TN:freqsys_%.0f_%ss\n", scale, unit);
    } else {
        fprintf(out,
                "# freqsys: counts are expected executions per %s x %g, rounded; "
                "see docs/exports.md\n",
                unit, scale);
        fprintf(out, "TN:freqsys_per_%s_x%.0f\n", unit, scale);
    }
    int rc = 0;
    for (size_t i = 0; i < r->nblocks && rc == 0; i++) {
        const char *file = r->blocks[i].file;
        int seen = !file[0];
        for (size_t j = 0; j < i && !seen; j++) seen = strcmp(r->blocks[j].file, file) == 0;
        if (!seen) rc = record(r, opt, &f, file, sorted, out);
    }
    edge_flow_free(&f);
    free(sorted);
    if (rc != 0) {
        errno = ENOMEM;
        if (err && errlen) snprintf(err, errlen, "out of memory");
        return -1;
    }
    return result_flush(out, err, errlen);
}
