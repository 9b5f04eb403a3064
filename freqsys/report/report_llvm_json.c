/* freqsys/report/report_llvm_json.c: the result in the JSON layout of `llvm-cov export -format=text`, for
 * tools that read it. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Counts are integers: each is the expected count per run (or per call) times the
 * scale, rounded (number_scaled), as the lcov export makes them; a top-level
 * "freqsys" object, which llvm's readers do not look for, names the scale. The
 * result knows where each block starts (its first line), not where it ends or its
 * column: each block is a region over its first line, and each function a region
 * from its declaration to its last block's line (docs/exports.md). */

/* llvm-cov's kinds of region and the kind of a branch region. */
enum { CODE_REGION = 0, BRANCH_REGION = 4 };

/* The tallies of one summary ("lines", "regions", ...). */
typedef struct tally {
    size_t count, covered;
} tally;

typedef struct summary {
    tally lines, functions, regions, branches;
} summary;

static int cmp_line(const void *a, const void *b) {
    const result_block *x = *(const result_block *const *)a, *y = *(const result_block *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* The column just past the end of LINE of SF (1-based), or 2 when the source is not
 * known: a region must not be empty. */
static json_int_t end_column(const source_file *sf, int line) {
    if (!sf || line < 1 || (size_t)line > sf->nlines) return 2;
    return (json_int_t)strlen(sf->lines[line - 1]) + 1;
}

static json_t *tally_json(const tally *t, int with_notcovered) {
    json_t *o = json_pack("{s:I, s:I, s:f}", "count", (json_int_t)t->count, "covered", (json_int_t)t->covered,
                          "percent", t->count ? 100.0 * (double)t->covered / (double)t->count : 0.0);
    if (o && with_notcovered)
        json_object_set_new(o, "notcovered", json_integer((json_int_t)(t->count - t->covered)));
    return o;
}

static json_t *summary_json(const summary *s) {
    tally none = {0, 0};
    return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "branches", tally_json(&s->branches, 1), "functions",
                     tally_json(&s->functions, 0), "instantiations", tally_json(&s->functions, 0), "lines",
                     tally_json(&s->lines, 0), "mcdc", tally_json(&none, 1), "regions",
                     tally_json(&s->regions, 1));
}

static void add(summary *to, const summary *s) {
    to->lines.count += s->lines.count, to->lines.covered += s->lines.covered;
    to->functions.count += s->functions.count, to->functions.covered += s->functions.covered;
    to->regions.count += s->regions.count, to->regions.covered += s->regions.covered;
    to->branches.count += s->branches.count, to->branches.covered += s->branches.covered;
}

/* A region [start line, start column, end line, end column, count, file, expanded
 * file, kind], as llvm-cov writes it. */
static json_t *region(int line, json_int_t col, int end_line, json_int_t end_col, uint64_t count) {
    return json_pack("[i, I, i, I, I, i, i, i]", line, col, end_line, end_col, (json_int_t)count, 0, 0,
                     CODE_REGION);
}

/* Per line of BLOCKS[0..N) (sorted by line): a segment opening the line's count (the
 * largest of the blocks starting there, as lcov's DA) and one closing it. */
static json_t *segments(const result_block **blocks, size_t n, const source_file *sf, double scale,
                        summary *s) {
    json_t *a = json_array();
    for (size_t k = 0; a && k < n;) {
        uint64_t most = 0;
        size_t j = k;
        for (; j < n && blocks[j]->line == blocks[k]->line; j++) {
            uint64_t c = number_scaled(blocks[j]->mean, scale);
            most = c > most ? c : most;
        }
        int line = blocks[k]->line;
        json_array_append_new(a, json_pack("[i, i, I, b, b, b]", line, 1, (json_int_t)most, 1, 1, 0));
        json_array_append_new(a, json_pack("[i, I, i, b, b, b]", line, end_column(sf, line), 0, 0, 0, 0));
        s->lines.count++, s->lines.covered += most > 0;
        k = j;
    }
    return a;
}

/* The branches of FUNCTION's blocks in FILE: one per block with exactly two distinct
 * successors whose edge counts are both known, as [line, 1, line, end, count to the
 * first successor (a br's true side), count to the second, 0, 0, 4]. */
static json_t *branches(const result *r, const edge_flow *f, size_t first, size_t end, const char *file,
                        const source_file *sf, double scale, summary *s) {
    json_t *a = json_array();
    for (size_t i = first; a && i < end; i++) {
        const result_block *b = &r->blocks[i];
        size_t lo = f->first[i], hi = f->first[i + 1];
        if (hi - lo != 2 || !f->edges[lo].known || !f->edges[lo + 1].known || b->line < 1 ||
            strcmp(b->file, file) != 0)
            continue;
        uint64_t t = number_scaled(f->edges[lo].count, scale),
                 e = number_scaled(f->edges[lo + 1].count, scale);
        json_array_append_new(a, json_pack("[i, i, i, I, I, I, i, i, i]", b->line, 1, b->line,
                                           end_column(sf, b->line), (json_int_t)t, (json_int_t)e, 0, 0,
                                           BRANCH_REGION));
        s->branches.count += 2, s->branches.covered += (t > 0) + (e > 0);
    }
    return a;
}

/* The declaration line of the function whose blocks start at FIRST, or its first
 * block's line. */
static int function_line(const result *r, size_t first) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, r->blocks[first].function) == 0 && r->functions[k].line > 0)
            return r->functions[k].line;
    return r->blocks[first].line;
}

/* The entry of functions[] for the function whose blocks are [FIRST, END), its entry
 * block in FILE (named PATH): its calls, a region over its body and one per block. */
static json_t *function(const result *r, const edge_flow *f, size_t first, size_t end, const char *file,
                        const char *path, const source_file *sf, double scale, summary *s) {
    size_t n = 0;
    const result_block **located = malloc((end - first) * sizeof *located);
    if (!located) return NULL;
    int last = 0;
    for (size_t i = first; i < end; i++)
        if (r->blocks[i].line > 0 && strcmp(r->blocks[i].file, file) == 0) {
            located[n++] = &r->blocks[i];
            last = r->blocks[i].line > last ? r->blocks[i].line : last;
        }
    qsort(located, n, sizeof *located, cmp_line);
    uint64_t calls = number_scaled(r->blocks[first].mean, scale);
    int start = function_line(r, first);
    json_t *regions = json_array();
    json_array_append_new(regions, region(start, 1, last > start ? last : start,
                                          end_column(sf, last > start ? last : start), calls));
    s->regions.count++, s->regions.covered += calls > 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t c = number_scaled(located[k]->mean, scale);
        json_array_append_new(
            regions, region(located[k]->line, 1, located[k]->line, end_column(sf, located[k]->line), c));
        s->regions.count++, s->regions.covered += c > 0;
    }
    free(located);
    s->functions.count++, s->functions.covered += calls > 0;
    return json_pack("{s:o, s:I, s:[s], s:[], s:s, s:o}", "branches",
                     branches(r, f, first, end, file, sf, scale, s), "count", (json_int_t)calls, "filenames",
                     path, "mcdc_records", "name", r->blocks[first].function, "regions", regions);
}

/* The end of the function whose blocks start at FIRST. */
static size_t function_end(const result *r, size_t first) {
    size_t end = first;
    while (end < r->nblocks && strcmp(r->blocks[end].function, r->blocks[first].function) == 0) end++;
    return end;
}

/* The file's entry of files[], and its functions appended to FUNCTIONS; the file's
 * summary is added to TOTALS. Returns -1 when out of memory. */
static int file_entry(const result *r, const result_export *opt, const edge_flow *f, const char *file,
                      double scale, json_t *files, json_t *functions, summary *totals) {
    const result_block **sorted = malloc((r->nblocks ? r->nblocks : 1) * sizeof *sorted);
    char *path = source_file_path(r, opt, file), real[PATH_MAX];
    if (!sorted || !path) {
        free(sorted);
        free(path);
        return -1;
    }
    source_file sf;
    int have_source = source_file_read(path, &sf) == 0;
    const char *name = realpath(path, real) ? real : path;
    if (!have_source) source_file_warn(opt, file, path);
    size_t n = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].file, file) == 0 && r->blocks[i].line > 0) sorted[n++] = &r->blocks[i];
    qsort(sorted, n, sizeof *sorted, cmp_line);
    summary s = {0};
    const source_file *src = have_source ? &sf : NULL;
    json_t *segs = segments(sorted, n, src, scale, &s), *file_branches = json_array();
    for (size_t i = 0; i < r->nblocks; i = function_end(r, i)) {
        if (strcmp(r->blocks[i].file, file) != 0) continue;
        json_t *fn = function(r, f, i, function_end(r, i), file, name, src, scale, &s);
        json_t *bs = fn ? json_object_get(fn, "branches") : NULL;
        for (size_t k = 0; bs && k < json_array_size(bs); k++)
            json_array_append(file_branches, json_array_get(bs, k));
        json_array_append_new(functions, fn);
    }
    json_array_append_new(files, json_pack("{s:o, s:[], s:s, s:[], s:o, s:o}", "branches", file_branches,
                                           "expansions", "filename", name, "mcdc_records", "segments", segs,
                                           "summary", summary_json(&s)));
    add(totals, &s);
    if (have_source) source_file_free(&sf);
    free(sorted);
    free(path);
    return 0;
}

int report_llvm_json_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    static const result_export defaults;
    if (!opt) opt = &defaults;
    result_export totals_opt;
    if (opt->over_runs) { /* the scale is the number of runs: totals, as a coverage build counts them */
        totals_opt = *opt;
        totals_opt.scale = number_runs(r);
        opt = &totals_opt;
    }
    double scale = number_scale(opt);
    edge_flow f;
    if (edge_flow_solve(r, &f) != 0) {
        if (err && errlen) snprintf(err, errlen, "out of memory");
        return -1;
    }
    json_t *files = json_array(), *functions = json_array();
    summary totals = {0};
    int rc = files && functions ? 0 : -1;
    for (size_t i = 0; i < r->nblocks && rc == 0; i++) {
        const char *file = r->blocks[i].file;
        int seen = !file[0] || (i > 0 && strcmp(r->blocks[i - 1].file, file) == 0);
        for (size_t j = 0; j < i && !seen; j++) seen = strcmp(r->blocks[j].file, file) == 0;
        if (!seen) rc = file_entry(r, opt, &f, file, scale, files, functions, &totals);
    }
    edge_flow_free(&f);
    const char *unit = strcmp(r->mode, "function") == 0 ? "call" : "run";
    char note[256];
    if (opt->over_runs)
        snprintf(note, sizeof note,
                 "counts are totals over the %.0f %ss of the trials: expected executions per %s "
                 "x %.0f, rounded; see docs/exports.md",
                 scale, unit, unit, scale);
    else
        snprintf(note, sizeof note,
                 "counts are expected executions per %s x %g, rounded; see docs/exports.md", unit, scale);
    json_t *root = rc == 0 ? json_pack("{s:[{s:o, s:o, s:o}], s:s, s:s, s:{s:f, s:b, s:s}}", "data", "files",
                                       files, "functions", functions, "totals", summary_json(&totals), "type",
                                       "llvm.coverage.json.export", "version", "2.0.1", "freqsys", "scale",
                                       scale, "over_runs", opt->over_runs, "note", note)
                           : NULL;
    if (!root) {
        if (rc != 0) {
            json_decref(files);
            json_decref(functions);
        }
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    errno = 0;
    int dumped = json_dumpf(root, out, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(root);
    if (dumped != 0 && err && errlen) snprintf(err, errlen, "writing failed: %s", strerror(errno));
    fputc('\n', out);
    return dumped != 0 ? -1 : result_flush(out, err, errlen);
}
