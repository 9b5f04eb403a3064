/* freqsys/report/report_sample.c: the result as an LLVM sample profile (text form) for clang
 * -fprofile-sample-use. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The text form, per function:
 *     NAME:TOTAL:HEAD
 *      OFFSET: SAMPLES [CALLEE:CALLS ...]
 * OFFSET is a line's distance from the function's declarator line (its DISubprogram
 * line), HEAD the scaled count of the entry block, TOTAL the sum of the lines' samples.
 * With the blocks' places (block_lines.c: every line of a block's code and the
 * discriminator clang's AddDiscriminators gives it there), a body line is a line and a
 * discriminator, "OFFSET.D", and its samples are the count of the block holding it, so
 * a rare branch written on its condition's line keeps its own count. Without them, a
 * line's samples are the largest scaled count of the blocks that start on it, with no
 * discriminator. Calls are per callee at the place: the block's scaled count times its
 * call sites of that callee.
 *
 * The last entry ends with " !Attributes: 2", LLVM's mark of a context the profile's
 * own inliner chose to inline. On a context-less entry it inlines nothing, but a
 * profile that holds one is "pre-inlined" to clang's sample loader, which then infers
 * the weights of the blocks that hold no counted instruction (a block that is only a
 * branch, as `return 0;` often is after clang's first clean-ups) by a flow that keeps
 * every known count (profi), and lays blocks out by ext-TSP. Its older propagation
 * gives up on such blocks where two meet and leaves their edges at 0: regex.c's
 * `if (!hit) return 0;` got 1:0 for a branch taken 92% of the time
 * (docs/exports.md, "Where `sample` lost against `instr`"). */

typedef struct line_samples {
    int offset;
    uint64_t samples;
    size_t first_block, nblocks; /* the blocks starting on this line, in sorted[] */
} line_samples;

static int cmp_line(const void *a, const void *b) {
    const result_block *x = *(const result_block *const *)a, *y = *(const result_block *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

static const result_function *declared(const result *r, const char *name) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, name) == 0) return &r->functions[k];
    return NULL;
}

/* Calls of NAME from the blocks of one line, scaled: each block's count times its call
 * sites of NAME. */
static uint64_t calls_to(const result_block **blocks, size_t n, const char *name, double scale) {
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        size_t sites = 0;
        for (size_t k = 0; k < blocks[i]->ncallees; k++) sites += strcmp(blocks[i]->callees[k], name) == 0;
        if (sites) total += number_scaled(blocks[i]->mean * (double)sites, scale);
    }
    return total;
}

/* Whether callee K of block I is the first mention of its name on the line. */
static int first_mention(const result_block **blocks, size_t i, size_t k) {
    const char *name = blocks[i]->callees[k];
    for (size_t i2 = 0; i2 <= i; i2++)
        for (size_t k2 = 0; k2 < (i2 < i ? blocks[i2]->ncallees : k); k2++)
            if (strcmp(blocks[i2]->callees[k2], name) == 0) return 0;
    return 1;
}

/* " CALLEE:CALLS" for each callee called from the blocks of one line, each name once. */
static void calls(const result_block **blocks, size_t n, double scale, FILE *out) {
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < blocks[i]->ncallees; k++)
            if (first_mention(blocks, i, k))
                fprintf(out, " %s:%" PRIu64, blocks[i]->callees[k],
                        calls_to(blocks, n, blocks[i]->callees[k], scale));
}

static int by_place(const void *a, const void *b) {
    const block_position *x = *(const block_position *const *)a, *y = *(const block_position *const *)b;
    if (x->line != y->line) return (x->line > y->line) - (x->line < y->line);
    return (x->clang_discriminator > y->clang_discriminator) -
           (x->clang_discriminator < y->clang_discriminator);
}

/* One function's profile from the places of its blocks FIRST .. END-1 (opt->positions):
 * one body line per line and discriminator, "OFFSET.D: SAMPLES CALLEE:CALLS ...", each
 * the count of the one block that has that place; calls per call site. */
static int function_places(const result *r, size_t first, size_t end, const result_function *fn, double scale,
                           const block_lines *bl, FILE *out) {
    const block_position **v = malloc((bl->n + 1) * sizeof *v);
    if (!v) return -1;
    size_t n = 0;
    for (size_t k = 0; k < bl->n; k++)
        if (bl->v[k].block >= first && bl->v[k].block < end && bl->v[k].line >= fn->line) v[n++] = &bl->v[k];
    qsort(v, n, sizeof *v, by_place);
    uint64_t total = 0;
    for (size_t k = 0; k < n; k++)
        if (k == 0 || by_place(&v[k], &v[k - 1]) != 0) {
            uint64_t most = 0;
            for (size_t j = k; j < n && by_place(&v[j], &v[k]) == 0; j++) {
                uint64_t c = number_scaled(r->blocks[v[j]->block].mean, scale);
                most = c > most ? c : most;
            }
            total += most;
        }
    fprintf(out, "%s:%" PRIu64 ":%" PRIu64 "\n", fn->name, total,
            number_scaled(r->blocks[first].mean, scale));
    for (size_t k = 0; k < n;) {
        size_t j = k;
        uint64_t most = 0;
        for (; j < n && by_place(&v[j], &v[k]) == 0; j++) {
            uint64_t c = number_scaled(r->blocks[v[j]->block].mean, scale);
            most = c > most ? c : most;
        }
        fprintf(out, " %d", v[k]->line - fn->line);
        if (v[k]->clang_discriminator) fprintf(out, ".%u", v[k]->clang_discriminator);
        fprintf(out, ": %" PRIu64, most);
        /* each callee once, with the calls of all its sites at this place */
        for (size_t a = k; a < j; a++) {
            if (!v[a]->callee) continue;
            int earlier = 0;
            uint64_t calls = 0;
            for (size_t b = k; b < j; b++)
                if (v[b]->callee && !strcmp(v[b]->callee, v[a]->callee)) {
                    earlier |= b < a;
                    calls += number_scaled(r->blocks[v[b]->block].mean, scale);
                }
            if (!earlier) fprintf(out, " %s:%" PRIu64, v[a]->callee, calls);
        }
        fputc('\n', out);
        k = j;
    }
    free(v);
    return 0;
}

/* One function's profile from its blocks FIRST .. END-1 of R. Returns 1 written, 0 left
 * out (no declaration line), or -1 when memory ran out. */
static int function(const result *r, size_t first, size_t end, double scale, const result_block **sorted,
                    line_samples *lines, const result_export *opt, FILE *out) {
    const char *name = r->blocks[first].function;
    const result_function *fn = declared(r, name);
    if (!fn || fn->line <= 0) {
        /* freqsys's own helpers (freqsys.*) have no source: left out silently */
        if (opt->warnings && strncmp(name, "freqsys.", 8) != 0)
            fprintf(opt->warnings,
                    "freqsys report: warning: no declaration line for %s: "
                    "left out of the sample profile\n",
                    name);
        return 0;
    }
    if (opt->positions) return function_places(r, first, end, fn, scale, opt->positions, out) ? -1 : 1;
    size_t n = 0, nlines = 0;
    for (size_t i = first; i < end; i++) {
        const result_block *b = &r->blocks[i];
        if (b->line >= fn->line && (!fn->file[0] || strcmp(b->file, fn->file) == 0)) sorted[n++] = b;
    }
    qsort(sorted, n, sizeof *sorted, cmp_line);
    uint64_t total = 0;
    for (size_t k = 0; k < n;) {
        line_samples *ls = &lines[nlines++];
        *ls = (line_samples){.offset = sorted[k]->line - fn->line, .first_block = k};
        for (; k < n && sorted[k]->line == sorted[ls->first_block]->line; k++) {
            uint64_t c = number_scaled(sorted[k]->mean, scale);
            ls->samples = c > ls->samples ? c : ls->samples;
            ls->nblocks++;
        }
        total += ls->samples;
    }
    fprintf(out, "%s:%" PRIu64 ":%" PRIu64 "\n", name, total, number_scaled(r->blocks[first].mean, scale));
    for (size_t k = 0; k < nlines; k++) {
        fprintf(out, " %d: %" PRIu64, lines[k].offset, lines[k].samples);
        calls(sorted + lines[k].first_block, lines[k].nblocks, scale, out);
        fputc('\n', out);
    }
    return 1;
}

long report_sample_functions_write(const result *r, const result_export *opt, FILE *out, char *err,
                                   size_t errlen) {
    static const result_export defaults;
    if (!opt) opt = &defaults;
    size_t cap = r->nblocks ? r->nblocks : 1;
    const result_block **sorted = malloc(cap * sizeof *sorted);
    line_samples *lines = malloc(cap * sizeof *lines);
    if (!sorted || !lines) {
        free(sorted);
        free(lines);
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    double scale = number_scale(opt);
    long written = 0;
    for (size_t i = 0; i < r->nblocks && written >= 0;) {
        /* the blocks of one function are contiguous, entry first */
        size_t end = i + 1;
        while (end < r->nblocks && strcmp(r->blocks[end].function, r->blocks[i].function) == 0) end++;
        int rc = function(r, i, end, scale, sorted, lines, opt, out);
        written = rc < 0 ? -1 : written + rc;
        i = end;
    }
    free(sorted);
    free(lines);
    if (written < 0) {
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
    }
    return written;
}

int report_sample_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    long written = report_sample_functions_write(r, opt, out, err, errlen);
    if (written < 0) return -1;
    /* metadata closes an entry: with no entry there is nothing to mark */
    if (written > 0) fputs(" !Attributes: 2\n", out);
    return result_flush(out, err, errlen);
}
