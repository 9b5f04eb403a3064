/* freqsys/report/report_afdo.c: the result as GCC's AutoFDO profile (the gcov-format file gcc -fauto-profile
 * reads). */
/* SPDX-License-Identifier: MIT */
#include "export.h"
#include "afdo_line_counts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The file is a sequence of 32-bit words in the machine's byte order (gcc reads
 * either order, by the magic number), as GCC 12's auto-profile.cc reads it:
 *
 *     magic "gcda" (0x67636461), version 2 (GCC 12), 0
 *     0xaa000000 (file names), length, N, then N strings: byte length with the NUL,
 *                the bytes, the NUL (no padding)
 *     0xac000000 (functions), length, M, then M function instances:
 *                head count (64 bits: low word, high word), name index, P positions,
 *                0 call sites, then per position: line offset << 16 (discriminator 0),
 *                0 value targets, count (64 bits)
 *     0xae000000 (module grouping), length, 0
 *
 * A position is a source line as its distance from the line of the function's name,
 * which is what the result records as the function's line (clang's and gcc's agree),
 * shifted left 16 bits. The low 16 bits would hold a discriminator, but GCC 12 masks
 * them off when it reads the file (read_function_instance) and looks statements up by
 * their line alone (get_combined_location), so that of several positions of one line
 * the last one read is the line's count. One position per line is written: with the
 * blocks' places (block_lines.c), the count afdo_line_counts.c chooses for the line;
 * without them, the largest scaled count of the blocks that start on it. With the
 * places, a function whose one count per line would misstate a block by more than a
 * factor of AFDO_MISSTATED is left out, and so is every function it calls (leave_out
 * below). The head count is the entry block's. Call sites describe calls that were
 * inlined in a profiled binary: freqsys's program is not inlined, so there are none.
 * Lengths are not checked by gcc; they are written as the words that follow. */

#define AFDO_MAGIC         0x67636461u
#define AFDO_VERSION       2u
#define AFDO_TAG_NAMES     0xaa000000u
#define AFDO_TAG_FUNCTIONS 0xac000000u
#define AFDO_TAG_MODULES   0xae000000u

typedef struct words {
    unsigned char *b;
    size_t len, cap;
    int failed;
} words;

static void put_bytes(words *w, const void *p, size_t n) {
    if (w->failed || n == 0) return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n) cap *= 2;
        unsigned char *b = realloc(w->b, cap);
        if (!b) {
            w->failed = 1;
            return;
        }
        w->b = b;
        w->cap = cap;
    }
    memcpy(w->b + w->len, p, n);
    w->len += n;
}

static void put_word(words *w, uint32_t v) {
    put_bytes(w, &v, sizeof v);
}

static void put_counter(words *w, uint64_t v) {
    put_word(w, (uint32_t)v);
    put_word(w, (uint32_t)(v >> 32));
}

static const result_function *declared(const result *r, const char *name) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, name) == 0) return &r->functions[k];
    return NULL;
}

static int by_line(const void *a, const void *b) {
    const result_block *x = *(const result_block *const *)a, *y = *(const result_block *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* One function of the result, as the export sees it. */
typedef struct afdo_function {
    size_t first, end; /* its blocks */
    const result_function *fn;
    afdo_line_count *lines; /* with the blocks' places: its lines' counts */
    ptrdiff_t nlines;
    const afdo_line_count *misstated; /* the line that leaves it out, if any */
    const char *caller;               /* or the left-out function whose call leaves it out */
    int left_out;
} afdo_function;

static int by_name(const void *a, const void *b) {
    return strcmp((*(const afdo_function *const *)a)->fn->name, (*(const afdo_function *const *)b)->fn->name);
}

/* bsearch's comparison of a name with a function of a list sorted by by_name. */
static int name_of_function(const void *name, const void *f) {
    return strcmp(name, (*(const afdo_function *const *)f)->fn->name);
}

/* Leaves out each function whose lines misstate a block by more than AFDO_MISSTATED,
 * then, until none is added, each function that a left-out one calls. GCC 12 takes a
 * function left out of the file as it would with no profile (its own estimate); a
 * misstated branch misleads it more than that. A callee is left out with its caller
 * because GCC would weigh the one's counts against the other's estimate, on scales
 * that have nothing in common (the callee looks hot beside every call of it). */
static int leave_out(const result *r, afdo_function *f, size_t nf) {
    afdo_function **sorted = malloc((nf + 1) * sizeof *sorted), **queue = malloc((nf + 1) * sizeof *queue);
    if (!sorted || !queue) {
        free(sorted);
        free(queue);
        return -1;
    }
    size_t nq = 0;
    for (size_t k = 0; k < nf; k++) {
        sorted[k] = &f[k];
        for (ptrdiff_t l = 0; l < f[k].nlines && !f[k].left_out; l++)
            if (f[k].lines[l].misstated)
                f[k].misstated = &f[k].lines[l], f[k].left_out = 1, queue[nq++] = &f[k];
    }
    qsort(sorted, nf, sizeof *sorted, by_name);
    /* each left-out function once from the queue: its callees join it */
    for (size_t q = 0; q < nq; q++)
        for (size_t i = queue[q]->first; i < queue[q]->end; i++)
            for (size_t c = 0; c < r->blocks[i].ncallees; c++) {
                afdo_function **at =
                    bsearch(r->blocks[i].callees[c], sorted, nf, sizeof *sorted, name_of_function);
                afdo_function *callee = at ? *at : NULL;
                if (!callee || callee->left_out) continue;
                callee->left_out = 1;
                callee->caller = queue[q]->fn->name;
                queue[nq++] = callee;
            }
    free(sorted);
    free(queue);
    return 0;
}

/* Notes the first three functions left out, and how many in all, on WARNINGS. */
static void note_left_out(const afdo_function *f, size_t nf, FILE *warnings) {
    size_t n = 0;
    for (size_t k = 0; k < nf && warnings; k++) {
        if (!f[k].left_out || ++n > 3) continue;
        const char *file = f[k].fn->file && f[k].fn->file[0] ? f[k].fn->file : f[k].fn->name;
        if (f[k].misstated)
            fprintf(
                warnings,
                "freqsys report: note: %s left out: at %s:%d GCC 12 would annotate a block that runs %llu "
                "times (scaled) with %llu, as it reads one count per line; GCC estimates the function "
                "itself\n",
                f[k].fn->name, file, f[k].misstated->line, (unsigned long long)f[k].misstated->block,
                (unsigned long long)f[k].misstated->annotation);
        else
            fprintf(warnings, "freqsys report: note: %s left out with its caller %s\n", f[k].fn->name,
                    f[k].caller);
    }
    if (n > 3 && warnings)
        fprintf(warnings, "freqsys report: note: ... and %zu more functions left out\n", n - 3);
    if (n && warnings)
        fprintf(
            warnings,
            "freqsys report: note: --format gcda gives GCC each block's own count (docs/exports.md, afdo)\n");
}

/* One function instance: its head count from block FIRST, NAME_INDEX its string, and
 * the N LINES' counts. */
static void function_of_lines(const result *r, size_t first, const result_function *fn, uint32_t name_index,
                              double scale, const afdo_line_count *lines, ptrdiff_t n, words *w) {
    put_counter(w, number_scaled(r->blocks[first].mean, scale));
    put_word(w, name_index);
    put_word(w, (uint32_t)n);
    put_word(w, 0); /* call sites */
    for (ptrdiff_t k = 0; k < n; k++) {
        put_word(w, (uint32_t)(lines[k].line - fn->line) << 16);
        put_word(w, 0); /* value-profile targets */
        put_counter(w, lines[k].count);
    }
}

/* One function instance from blocks FIRST .. END-1 of R; NAME_INDEX its string. */
static void function(const result *r, size_t first, size_t end, const result_function *fn,
                     uint32_t name_index, double scale, const result_block **sorted, words *w) {
    size_t n = 0;
    for (size_t i = first; i < end; i++) {
        const result_block *b = &r->blocks[i];
        if (b->line >= fn->line && (!fn->file[0] || strcmp(b->file, fn->file) == 0)) sorted[n++] = b;
    }
    qsort(sorted, n, sizeof *sorted, by_line);
    uint32_t positions = 0;
    for (size_t k = 0; k < n; k++) positions += k == 0 || sorted[k]->line != sorted[k - 1]->line;
    put_counter(w, number_scaled(r->blocks[first].mean, scale));
    put_word(w, name_index);
    put_word(w, positions);
    put_word(w, 0); /* call sites */
    for (size_t k = 0; k < n;) {
        int line = sorted[k]->line;
        uint64_t count = 0;
        for (; k < n && sorted[k]->line == line; k++) {
            uint64_t c = number_scaled(sorted[k]->mean, scale);
            count = c > count ? c : count;
        }
        put_word(w, (uint32_t)(line - fn->line) << 16);
        put_word(w, 0); /* value-profile targets */
        put_counter(w, count);
    }
}

int report_afdo_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    static const result_export defaults;
    if (!opt) opt = &defaults;
    double scale = number_scale(opt);
    words names = {0}, fns = {0}, file = {0};
    const result_block **sorted = malloc((r->nblocks + 1) * sizeof *sorted);
    afdo_function *f = calloc(r->nblocks + 1, sizeof *f);
    size_t nf = 0;
    int failed = !sorted || !f;
    for (size_t i = 0; !failed && i < r->nblocks;) {
        /* the blocks of one function are contiguous, entry first */
        size_t end = i + 1;
        while (end < r->nblocks && strcmp(r->blocks[end].function, r->blocks[i].function) == 0) end++;
        const result_function *fn = declared(r, r->blocks[i].function);
        if (!fn || fn->line <= 0) {
            /* freqsys's own helpers (freqsys.*) have no source: left out silently */
            if (opt->warnings && strncmp(r->blocks[i].function, "freqsys.", 8) != 0)
                fprintf(opt->warnings,
                        "freqsys report: warning: no declaration line for %s: "
                        "left out of the AutoFDO profile\n",
                        r->blocks[i].function);
        } else {
            f[nf] = (afdo_function){.first = i, .end = end, .fn = fn};
            if (opt->positions) {
                f[nf].nlines = afdo_line_counts(r, i, end, fn->line, opt->positions, scale, &f[nf].lines);
                failed |= f[nf].nlines < 0;
            }
            nf++;
        }
        i = end;
    }
    if (!failed && opt->positions) {
        failed |= leave_out(r, f, nf) != 0;
        if (!failed) note_left_out(f, nf, opt->warnings);
    }
    uint32_t nnames = 0;
    for (size_t k = 0; !failed && k < nf; k++) {
        if (f[k].left_out) continue;
        uint32_t len = (uint32_t)strlen(f[k].fn->name) + 1;
        put_word(&names, len);
        put_bytes(&names, f[k].fn->name, len);
        if (opt->positions)
            function_of_lines(r, f[k].first, f[k].fn, nnames++, scale, f[k].lines, f[k].nlines, &fns);
        else
            function(r, f[k].first, f[k].end, f[k].fn, nnames++, scale, sorted, &fns);
    }
    put_word(&file, AFDO_MAGIC);
    put_word(&file, AFDO_VERSION);
    put_word(&file, 0);
    put_word(&file, AFDO_TAG_NAMES);
    put_word(&file, (uint32_t)((names.len + 4) / 4));
    put_word(&file, nnames);
    put_bytes(&file, names.b, names.len);
    put_word(&file, AFDO_TAG_FUNCTIONS);
    put_word(&file, (uint32_t)((fns.len + 4) / 4));
    put_word(&file, nnames);
    put_bytes(&file, fns.b, fns.len);
    put_word(&file, AFDO_TAG_MODULES);
    put_word(&file, 1);
    put_word(&file, 0);
    failed |= names.failed || fns.failed || file.failed;
    if (!failed && fwrite(file.b, 1, file.len, out) != file.len) failed = 2;
    for (size_t k = 0; f && k < nf; k++) free(f[k].lines);
    free(f);
    free(sorted);
    free(names.b);
    free(fns.b);
    free(file.b);
    if (failed == 1) {
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    return result_flush(out, err, errlen);
}
