/* freqsys/report/afdo_line_counts.c: one count per source line for GCC 12's AutoFDO, chosen so that GCC
 * annotates no block below its count. */
/* SPDX-License-Identifier: MIT */
#include "afdo_line_counts.h"

#include <stdlib.h>
#include <string.h>

#include "adjacency.h"
#include "afdo_classes.h"
#include "export.h"

/* GCC 12 reads a position as its line alone (auto-profile.cc masks the discriminator
 * off, and a later position of a line replaces an earlier one), gives a block the
 * largest count of its statements' lines, and then each block of an equivalence class
 * (one block dominates the other, which post-dominates it, in the same loop) the
 * largest count in the class. One number per line serves every block with code there.
 *
 * A block whose class has code on one line only can take its count from that line
 * alone; each line starts at the median, weighted by count, of those blocks' counts
 * (so that the line stands for most of the executions on it: a rare branch beside a
 * hot test gets the test's count, a hot test beside a cold arm keeps its own), or at
 * the smallest count of its blocks when it has none, which overstates no block. A
 * block whose class spans several lines and would still be left more than a tenth
 * below its count (a hot block taken for cold is the worse error: GCC optimises it
 * for size) then raises one of its class's lines to its count, hottest block first:
 * the line that overstates the fewest other blocks. The classes are afdo_classes.c's;
 * docs/exports.md says what finding them on the result's blocks costs. */

#define NONE SIZE_MAX

static int by_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

typedef struct by_count {
    uint64_t count;
    size_t block;
} by_count;

static int hottest_first(const void *a, const void *b) {
    const by_count *x = a, *y = b;
    if (x->count != y->count) return (x->count < y->count) - (x->count > y->count);
    return (x->block > y->block) - (x->block < y->block);
}

typedef struct state {
    size_t n, nlines;
    adjacency block_lines, line_blocks, members; /* members: of each class root */
    size_t *root;
    uint64_t *count, *value;
} state;

/* Whether A is at least C less a tenth: a block annotated so is not raised for. */
static int close(uint64_t a, uint64_t c) {
    return (double)a >= 0.9 * (double)c;
}

/* Whether P is a place of blocks FIRST .. END-1 on FROM_LINE or after where GCC reads a count. */
static int gcc_place(const block_position *p, size_t first, size_t end, int from_line) {
    return p->block >= first && p->block < end && p->line >= from_line && p->gcc_statement;
}

/* Whether annotating a block of count C with A misstates it by more than AFDO_MISSTATED. */
static int misstated(uint64_t a, uint64_t c) {
    return (double)a > AFDO_MISSTATED * (double)c || AFDO_MISSTATED * (double)a < (double)c;
}

/* The count GCC would give block B: the largest value of its class's lines. */
static uint64_t annotated(const state *s, size_t b, int *has_line) {
    uint64_t best = 0;
    size_t c = s->root[b];
    for (size_t e = s->members.start[c]; e < s->members.start[c + 1]; e++) {
        size_t j = s->members.adj[e];
        for (size_t k = s->block_lines.start[j]; k < s->block_lines.start[j + 1]; k++) {
            uint64_t v = s->value[s->block_lines.adj[k]];
            best = v > best ? v : best;
            *has_line = 1;
        }
    }
    return best;
}

/* Block B's first line, or, with no code of its own, the line of its class that GCC
 * takes its annotation A from. */
static size_t annotating_line(const state *s, size_t b, uint64_t a) {
    if (s->block_lines.start[b] < s->block_lines.start[b + 1])
        return s->block_lines.adj[s->block_lines.start[b]];
    size_t c = s->root[b];
    for (size_t e = s->members.start[c]; e < s->members.start[c + 1]; e++) {
        size_t j = s->members.adj[e];
        for (size_t k = s->block_lines.start[j]; k < s->block_lines.start[j + 1]; k++)
            if (s->value[s->block_lines.adj[k]] == a) return s->block_lines.adj[k];
    }
    return NONE; /* not reached: A is the value of one of the class's lines */
}

static uint64_t larger(uint64_t a, uint64_t b) {
    return a > b ? a : b;
}

/* The line all the code of block B's class is on, or NONE when it spans several. */
static size_t only_line(const state *s, size_t b) {
    size_t line = NONE, c = s->root[b];
    for (size_t e = s->members.start[c]; e < s->members.start[c + 1]; e++) {
        size_t j = s->members.adj[e];
        for (size_t k = s->block_lines.start[j]; k < s->block_lines.start[j + 1]; k++) {
            size_t l = s->block_lines.adj[k];
            if (line != NONE && l != line) return NONE;
            line = l;
        }
    }
    return line;
}

/* Line L's starting value: the median, weighted by count, of the counts of the blocks
 * that can take their count from L alone; with none, the smallest of its blocks'. */
static uint64_t line_start(const state *s, size_t l, by_count *scratch) {
    size_t n = 0;
    uint64_t least = UINT64_MAX;
    double total = 0;
    for (size_t e = s->line_blocks.start[l]; e < s->line_blocks.start[l + 1]; e++) {
        size_t j = s->line_blocks.adj[e];
        least = s->count[j] < least ? s->count[j] : least;
        if (only_line(s, j) != l) continue;
        scratch[n++] = (by_count){.count = s->count[j], .block = j};
        total += (double)s->count[j];
    }
    if (n == 0) return least;
    qsort(scratch, n, sizeof *scratch, hottest_first);
    double below = 0;
    for (size_t k = n; k-- > 0;) {
        below += (double)scratch[k].count;
        if (2 * below >= total) return scratch[k].count;
    }
    return scratch[0].count;
}

/* How many blocks of line L, other than B, raising L to C would leave above their count. */
static size_t overstated(const state *s, size_t l, size_t b, uint64_t c) {
    size_t harm = 0;
    for (size_t e = s->line_blocks.start[l]; e < s->line_blocks.start[l + 1]; e++) {
        size_t j = s->line_blocks.adj[e];
        int has = 0;
        if (j != b && !close(s->count[j], c) && annotated(s, j, &has) < c) harm++;
    }
    return harm;
}

/* Raises, hottest first, a line of each block that its class leaves below its count. */
static int raise_lines(state *s) {
    by_count *order = malloc((s->n + 1) * sizeof *order);
    if (!order) return -1;
    for (size_t i = 0; i < s->n; i++) order[i] = (by_count){.count = s->count[i], .block = i};
    qsort(order, s->n, sizeof *order, hottest_first);
    for (size_t k = 0; k < s->n && order[k].count > 0; k++) {
        size_t b = order[k].block;
        uint64_t c = order[k].count;
        int has_line = 0;
        if (close(annotated(s, b, &has_line), c) || !has_line || only_line(s, b) != NONE) continue;
        size_t best = NONE, best_harm = NONE;
        int best_own = 0;
        size_t cls = s->root[b];
        for (size_t e = s->members.start[cls]; e < s->members.start[cls + 1]; e++) {
            size_t j = s->members.adj[e];
            for (size_t q = s->block_lines.start[j]; q < s->block_lines.start[j + 1]; q++) {
                size_t l = s->block_lines.adj[q];
                size_t harm = overstated(s, l, b, c);
                int own = j == b;
                if (best == NONE || harm < best_harm || (harm == best_harm && own > best_own) ||
                    (harm == best_harm && own == best_own && l < best))
                    best = l, best_harm = harm, best_own = own;
            }
        }
        s->value[best] = c;
    }
    free(order);
    return 0;
}

ptrdiff_t afdo_line_counts(const result *r, size_t first, size_t end, int from_line,
                           const block_lines *positions, double scale, afdo_line_count **out) {
    *out = NULL;
    size_t n = end - first, npairs = 0;
    for (size_t k = 0; k < positions->n; k++) npairs += gcc_place(&positions->v[k], first, end, from_line);
    state s = {.n = n};
    int *lines = malloc((npairs + 1) * sizeof *lines);
    size_t *pair_block = malloc((npairs + 1) * sizeof *pair_block),
           *pair_line = malloc((npairs + 1) * sizeof *pair_line);
    size_t *ids = malloc((n + 1) * sizeof *ids);
    s.root = malloc((n + 1) * sizeof *s.root);
    s.count = malloc((n + 1) * sizeof *s.count);
    ptrdiff_t rc = lines && pair_block && pair_line && ids && s.root && s.count ? 0 : -1;
    size_t np = 0;
    for (size_t k = 0; rc == 0 && k < positions->n; k++) {
        const block_position *p = &positions->v[k];
        if (!gcc_place(p, first, end, from_line)) continue;
        pair_block[np] = p->block - first;
        lines[np++] = p->line;
    }
    if (rc == 0) {
        qsort(lines, np, sizeof *lines, by_int);
        for (size_t k = 0; k < np; k++)
            if (s.nlines == 0 || lines[s.nlines - 1] != lines[k]) lines[s.nlines++] = lines[k];
        /* the pairs in positions' order again, each line as its index and once per
         * block (a block's places are listed together; a line may hold several) */
        np = 0;
        for (size_t k = 0; k < positions->n; k++) {
            const block_position *p = &positions->v[k];
            if (!gcc_place(p, first, end, from_line)) continue;
            const int *at = bsearch(&p->line, lines, s.nlines, sizeof *lines, by_int);
            size_t b = p->block - first, l = (size_t)(at - lines), j = np;
            while (j > 0 && pair_block[j - 1] == b && pair_line[j - 1] != l) j--;
            if (j > 0 && pair_block[j - 1] == b) continue;
            pair_block[np] = b;
            pair_line[np++] = l;
        }
        for (size_t i = 0; i < n; i++) s.count[i] = number_scaled(r->blocks[first + i].mean, scale);
        s.value = malloc((s.nlines + 1) * sizeof *s.value);
        if (!s.value || afdo_classes(r, first, n, s.root) != 0 ||
            adjacency_build(n, np, pair_block, pair_line, &s.block_lines) != 0 ||
            adjacency_build(s.nlines, np, pair_line, pair_block, &s.line_blocks) != 0)
            rc = -1;
    }
    if (rc == 0) {
        for (size_t i = 0; i < n; i++) ids[i] = i;
        if (adjacency_build(n, n, s.root, ids, &s.members) != 0) rc = -1;
    }
    if (rc == 0) {
        by_count *scratch = malloc((n + 1) * sizeof *scratch);
        if (!scratch) rc = -1;
        for (size_t l = 0; scratch && l < s.nlines; l++) s.value[l] = line_start(&s, l, scratch);
        free(scratch);
        if (rc == 0) rc = raise_lines(&s);
    }
    if (rc == 0 && !(*out = calloc(s.nlines + 1, sizeof **out))) rc = -1;
    for (size_t l = 0; rc == 0 && l < s.nlines; l++)
        (*out)[l] = (afdo_line_count){.line = lines[l], .count = s.value[l]};
    for (size_t j = 0; rc == 0 && j < n; j++) {
        int has = 0;
        uint64_t a = annotated(&s, j, &has);
        if (!has || !misstated(a, s.count[j])) continue;
        size_t l = annotating_line(&s, j, a);
        if (l >= s.nlines) continue;
        afdo_line_count *at = &(*out)[l];
        if (!at->misstated || larger(a, s.count[j]) > larger(at->annotation, at->block))
            at->misstated = 1, at->block = s.count[j], at->annotation = a;
    }
    if (rc == 0) rc = (ptrdiff_t)s.nlines;
    free(lines);
    free(pair_block);
    free(pair_line);
    free(ids);
    free(s.root);
    free(s.count);
    free(s.value);
    adjacency_free(&s.block_lines);
    adjacency_free(&s.line_blocks);
    adjacency_free(&s.members);
    return rc;
}
