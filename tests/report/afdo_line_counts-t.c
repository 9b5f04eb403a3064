/* tests/report/afdo_line_counts-t.c: the one count per line that the afdo export writes, on two CFGs worked
 * out by hand: a one-line rare branch in a loop, and a chain of one-line tests, and the blocks
 * that one count misstates. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "afdo_line_counts.h"

#include <string.h>

/* A result of one function whose block K has mean MEAN[K], line LINE[K] (its only
 * place) and the successors listed in SUCC[K] (ended by -1). */
static void make(result *r, result_block *blocks, size_t n, const double *mean, const int (*succ)[3],
                 uint32_t (*storage)[3]) {
    memset(r, 0, sizeof *r);
    for (size_t k = 0; k < n; k++) {
        size_t ns = 0;
        for (; ns < 3 && succ[k][ns] >= 0; ns++) storage[k][ns] = (uint32_t)succ[k][ns];
        blocks[k] = (result_block){.function = "f", .block = "b", .file = "f.c", .mean = mean[k]};
        blocks[k].successors = storage[k];
        blocks[k].nsuccessors = ns;
    }
    r->blocks = blocks;
    r->nblocks = n;
}

static uint64_t value_of(const afdo_line_count *v, ptrdiff_t n, int line) {
    for (ptrdiff_t k = 0; k < n; k++)
        if (v[k].line == line) return v[k].count;
    return UINT64_MAX;
}

int main(void) {
    plan(14);
    result r;
    result_block blocks[8];
    uint32_t storage[8][3];
    afdo_line_count *v = NULL;

    /* while (c = getchar(), c != EOF) { if (c == 255) h = rare(h); h = h * 31 + c; }:
     * 0 entry (line 10), 1 loop test (11), 2 the test of 255 (12), 3 the rare call (12),
     * 4 the join (13), 5 the exit (15). The test of 255 and the join are one class for
     * GCC (the test dominates the join, which post-dominates it, in the loop), so the
     * join's line carries the test's count and line 12 keeps the rare call's. */
    static const double loop_mean[] = {1, 301, 300, 0.3, 300, 1};
    static const int loop_succ[][3] = {{1, -1, -1}, {2, 5, -1},  {3, 4, -1},
                                       {4, -1, -1}, {1, -1, -1}, {-1, -1, -1}};
    static const int loop_line[] = {10, 11, 12, 12, 13, 15};
    make(&r, blocks, 6, loop_mean, loop_succ, storage);
    block_position loop_places[6];
    for (uint32_t k = 0; k < 6; k++)
        loop_places[k] = (block_position){.block = k, .line = loop_line[k], .gcc_statement = 1};
    block_lines lines = {.v = loop_places, .n = 6};
    ptrdiff_t n = afdo_line_counts(&r, 0, 6, 9, &lines, 1000, &v);
    ok(n == 5, "one count for each of the 5 lines (%td)", n);
    ok(value_of(v, n, 12) == 300, "the rare call's line keeps the rare call's count: %llu",
       (unsigned long long)value_of(v, n, 12));
    ok(value_of(v, n, 13) == 300000 && value_of(v, n, 11) == 301000,
       "the join and the loop's test keep theirs: %llu, %llu", (unsigned long long)value_of(v, n, 13),
       (unsigned long long)value_of(v, n, 11));
    int misstated = 0;
    for (ptrdiff_t k = 0; k < n; k++) misstated |= v[k].misstated;
    ok(!misstated, "and GCC would annotate no block more than twice or under half its count");
    int increasing = 1;
    for (ptrdiff_t k = 1; k < n; k++) increasing &= v[k].line > v[k - 1].line;
    ok(increasing, "the lines are in ascending order, each once");
    free(v);

    /* if (a == 0) return 0; if (a == 1 && b == 3) return 1; return 2;
     * 0 test of a == 0 (line 20), 1 return 0 (20), 2 test of a == 1 (21), 3 test of
     * b == 3 (21), 4 return 1 (21), 5 return 2 (22), 6 the function's return (24).
     * No block shares line 21's test's class, so line 21 must carry the test's own
     * count (the rarer blocks there are overstated, which cannot be helped); line 20
     * keeps the return's 600, as the entry's class holds the function's return. */
    static const double chain_mean[] = {1000, 600, 400, 40, 8, 392, 1000};
    static const int chain_succ[][3] = {{1, 2, -1},  {6, -1, -1}, {3, 5, -1},  {4, 5, -1},
                                        {6, -1, -1}, {6, -1, -1}, {-1, -1, -1}};
    static const int chain_line[] = {20, 20, 21, 21, 21, 22, 24};
    make(&r, blocks, 7, chain_mean, chain_succ, storage);
    block_position chain_places[7];
    for (uint32_t k = 0; k < 7; k++)
        chain_places[k] = (block_position){.block = k, .line = chain_line[k], .gcc_statement = 1};
    lines = (block_lines){.v = chain_places, .n = 7};
    n = afdo_line_counts(&r, 0, 7, 19, &lines, 1, &v);
    ok(n == 4, "one count for each of the 4 lines (%td)", n);
    ok(value_of(v, n, 21) == 400, "the test alone on its line gets its own count, not the rarest: %llu",
       (unsigned long long)value_of(v, n, 21));
    ok(v[1].line == 21 && v[1].misstated && v[1].block == 40 && v[1].annotation == 400,
       "line 21 misstates the test of b == 3 (40), annotated with 400: %llu, %llu",
       (unsigned long long)v[1].block, (unsigned long long)v[1].annotation);
    ok(!v[0].misstated && !v[2].misstated && !v[3].misstated, "and no other line misstates a block");
    ok(value_of(v, n, 20) == 600, "the entry's line keeps its return's count: %llu",
       (unsigned long long)value_of(v, n, 20));
    ok(value_of(v, n, 22) == 392 && value_of(v, n, 24) == 1000, "the other lines keep theirs: %llu, %llu",
       (unsigned long long)value_of(v, n, 22), (unsigned long long)value_of(v, n, 24));
    free(v);

    /* a block with several places on one line (calls, each a place of its own) counts
     * once there: six places of the rare return on line 21 change nothing */
    block_position many[12];
    size_t nmany = 0;
    for (uint32_t k = 0; k < 7; k++)
        for (int copies = k == 4 ? 6 : 1; copies-- > 0;)
            many[nmany++] = (block_position){.block = k, .line = chain_line[k], .gcc_statement = 1};
    block_lines repeated = {.v = many, .n = nmany};
    n = afdo_line_counts(&r, 0, 7, 19, &repeated, 1, &v);
    ok(n == 4 && value_of(v, n, 21) == 400 && value_of(v, n, 20) == 600,
       "the same with a block's places repeated on its line: %llu, %llu",
       (unsigned long long)value_of(v, n, 21), (unsigned long long)value_of(v, n, 20));
    free(v);

    /* a place before the function's first line is not its own */
    n = afdo_line_counts(&r, 0, 7, 21, &lines, 1, &v);
    ok(n == 3 && value_of(v, n, 20) == UINT64_MAX, "lines before the function are left out (%td lines)", n);
    free(v);

    /* a block that nothing reaches (unreachable code) is neither a class nor a crash */
    static const int lone_succ[][3] = {{6, -1, -1}, {6, -1, -1}, {3, 5, -1},  {4, 5, -1},
                                       {6, -1, -1}, {6, -1, -1}, {-1, -1, -1}};
    make(&r, blocks, 7, chain_mean, lone_succ, storage);
    n = afdo_line_counts(&r, 0, 7, 19, &lines, 1, &v);
    ok(n == 4 && value_of(v, n, 21) == 400, "with blocks that the entry does not reach: line 21 at %llu",
       (unsigned long long)value_of(v, n, 21));
    free(v);
    return done();
}
