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
 * without them, the largest scaled count of the blocks that start on it. The head
 * count is the entry block's. Call sites describe calls that were inlined in a
 * profiled binary: freqsys's program is not inlined, so there are none. Lengths are
 * not checked by gcc; they are written as
 * the words that follow. */

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

/* One function instance from the lines of blocks FIRST .. END-1 (opt->positions), each
 * with the count afdo_line_counts chooses for it; *SHARED counts the lines whose blocks
 * that count misstates, and the first few are noted on WARNINGS. */
static void function_lines(const result *r, size_t first, size_t end, const result_function *fn,
                           uint32_t name_index, double scale, const block_lines *bl, words *w, FILE *warnings,
                           size_t *shared) {
    afdo_line_count *lines = NULL;
    ptrdiff_t n = afdo_line_counts(r, first, end, fn->line, bl, scale, &lines);
    if (n < 0) {
        w->failed = 1;
        return;
    }
    for (ptrdiff_t k = 0; k < n; k++)
        if (lines[k].rarest < lines[k].count) {
            if (++*shared <= 3 && warnings)
                fprintf(
                    warnings,
                    "freqsys report: note: %s:%d holds blocks that run %llu and %llu times (scaled); GCC 12 "
                    "reads one count per line, so the rarer block is annotated with the larger\n",
                    fn->file && fn->file[0] ? fn->file : fn->name, lines[k].line,
                    (unsigned long long)lines[k].count, (unsigned long long)lines[k].rarest);
        }
    put_counter(w, number_scaled(r->blocks[first].mean, scale));
    put_word(w, name_index);
    put_word(w, (uint32_t)n);
    put_word(w, 0); /* call sites */
    for (ptrdiff_t k = 0; k < n; k++) {
        put_word(w, (uint32_t)(lines[k].line - fn->line) << 16);
        put_word(w, 0); /* value-profile targets */
        put_counter(w, lines[k].count);
    }
    free(lines);
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
    uint32_t nnames = 0;
    size_t shared = 0;
    for (size_t i = 0; sorted && i < r->nblocks;) {
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
            uint32_t len = (uint32_t)strlen(fn->name) + 1;
            put_word(&names, len);
            put_bytes(&names, fn->name, len);
            if (opt->positions)
                function_lines(r, i, end, fn, nnames++, scale, opt->positions, &fns, opt->warnings, &shared);
            else
                function(r, i, end, fn, nnames++, scale, sorted, &fns);
        }
        i = end;
    }
    if (shared > 3 && opt->warnings)
        fprintf(opt->warnings, "freqsys report: note: ... and %zu more such lines\n", shared - 3);
    if (shared && opt->warnings)
        fprintf(
            opt->warnings,
            "freqsys report: note: --format gcda gives GCC each block's own count (docs/exports.md, afdo)\n");
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
    int failed = !sorted || names.failed || fns.failed || file.failed;
    if (!failed && fwrite(file.b, 1, file.len, out) != file.len) failed = 2;
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
