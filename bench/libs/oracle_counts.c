/* Counting runtime for clang's trace-pc-guard,pc-table coverage; build it without coverage. */
#include "oracle_counts.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Dump format, one batch after another:
 *   calls CALLS guards N
 *   PC COUNT BLOCK_PC ENTRY            (N lines, guard 1 first)
 * PC is the return address minus 1 of the guard's first callback (0x0 if it never ran);
 * BLOCK_PC and ENTRY are the guard's pc-table entry (its block's address, and 1 for a
 * function's entry block), 0x0 and 0 without -fsanitize-coverage=pc-table.
 * Single-threaded drivers only: the counts are not atomic. */

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop);
void __sanitizer_cov_trace_pc_guard(uint32_t *guard);
void __sanitizer_cov_pcs_init(const uintptr_t *pcs_beg, const uintptr_t *pcs_end);

static size_t nguards;      /* guards numbered 1..nguards */
static uint64_t *counts;    /* counts[g - 1]: runs of guard g in this batch */
static uintptr_t *first_pc; /* first_pc[g - 1]: return address - 1 of its first run */
static uintptr_t *table;    /* pc-table pairs (block address, flags), guard order */
static size_t ntable;       /* pairs in table */
static int dumped;          /* whether this process wrote a batch already */

static void *grow(void *p, size_t n, size_t size) {
    void *q = realloc(p, n * size);
    if (!q) {
        fputs("oracle_counts: out of memory\n", stderr);
        abort();
    }
    return q;
}

/* Called by every instrumented module's constructor; the linker's section bounds make
 * the ranges of one executable identical, so a numbered range is left as it is. */
void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
    if (start == stop || *start) return;
    size_t n = (size_t)(stop - start);
    counts = grow(counts, nguards + n, sizeof *counts);
    first_pc = grow(first_pc, nguards + n, sizeof *first_pc);
    memset(counts + nguards, 0, n * sizeof *counts);
    memset(first_pc + nguards, 0, n * sizeof *first_pc);
    for (size_t k = 0; k < n; k++) start[k] = (uint32_t)(nguards + k + 1);
    nguards += n;
}

/* The pc-table of the same guards, in the same order; called once per module with the
 * same bounds, so only the first call of a range is kept. */
void __sanitizer_cov_pcs_init(const uintptr_t *pcs_beg, const uintptr_t *pcs_end) {
    static const uintptr_t *seen;
    if (pcs_beg == pcs_end || pcs_beg == seen) return;
    seen = pcs_beg;
    size_t n = (size_t)(pcs_end - pcs_beg) / 2;
    table = grow(table, 2 * (ntable + n), sizeof *table);
    memcpy(table + 2 * ntable, pcs_beg, 2 * n * sizeof *table);
    ntable += n;
}

void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
    uint32_t g = *guard;
    if (!g) return;
    if (!first_pc[g - 1]) first_pc[g - 1] = (uintptr_t)__builtin_return_address(0) - 1;
    counts[g - 1]++;
}

void oracle_dump(const char *path, unsigned long calls) {
    FILE *out = fopen(path, dumped ? "a" : "w");
    if (!out) {
        perror(path);
        exit(2);
    }
    dumped = 1;
    int with_table = ntable == nguards;
    fprintf(out, "calls %lu guards %zu\n", calls, nguards);
    for (size_t k = 0; k < nguards; k++) {
        uintptr_t block = with_table ? table[2 * k] : 0;
        int entry = with_table ? (int)(table[2 * k + 1] & 1) : 0;
        fprintf(out, "0x%jx %ju 0x%jx %d\n", (uintmax_t)first_pc[k], (uintmax_t)counts[k], (uintmax_t)block,
                entry);
        counts[k] = 0;
    }
    if (fclose(out) != 0) {
        perror(path);
        exit(2);
    }
}
