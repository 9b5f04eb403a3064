/* tests/harness/enumerate_paths-t.c: an enumeration's hashed paths: weighted sums against hand-worked
 * figures, and the two ways it stops applying. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "enumerate_paths.h"

static fsabi_path_slot slots[FSABI_PATH_TABLE_SLOTS];
static uint32_t used[FSABI_PATH_TABLE_LIMIT];
static uint8_t lost[4];
static uint32_t lost_list[4];

/* Runs path ID of FUNCTION TIMES more times in the run under way. */
static void run_path(fsabi_path_table *t, uint32_t function, uint64_t id, int times) {
    for (int k = 0; k < times; k++) fsabi_path_table_count(t, function, id);
}

static const enumerate_path *find(const enumerate_path *p, size_t n, uint32_t function, uint64_t id) {
    for (size_t k = 0; k < n; k++)
        if (p[k].function == function && p[k].id == id) return &p[k];
    return NULL;
}

int main(void) {
    plan(9);
    fsabi_path_table table = {slots, used, lost, lost_list, 0, 0};
    fsabi_module mod;
    memset(&mod, 0, sizeof mod);
    mod.path_table = &table;
    void *mem = calloc(1, enumerate_paths_bytes());
    if (!mem) bail("out of memory");
    enumerate_paths *s = enumerate_paths_at(mem);
    char why[256] = "";

    /* what ran before the first combination is not counted, but is cleared */
    run_path(&table, 0, 9, 4);
    ok(enumerate_paths_take(s, &mod, 0, 0, why, sizeof why) == 0 && table.nused == 0,
       "without keep the table is only emptied");

    /* three combinations of probabilities 0.5, 0.3, 0.2: path (0, 1) runs 2, 0, 1
     * times; path (1, 7) 1, 1, 1; path (0, 2) only in the second, 3 times */
    run_path(&table, 0, 1, 2);
    run_path(&table, 1, 7, 1);
    int rc = enumerate_paths_take(s, &mod, 0.5L, 1, why, sizeof why);
    run_path(&table, 1, 7, 1);
    run_path(&table, 0, 2, 3);
    rc |= enumerate_paths_take(s, &mod, 0.3L, 1, why, sizeof why);
    run_path(&table, 0, 1, 1);
    run_path(&table, 1, 7, 1);
    rc |= enumerate_paths_take(s, &mod, 0.2L, 1, why, sizeof why);
    enumerate_path *out = NULL;
    size_t n = 0;
    ok(rc == 0 && enumerate_paths_result(s, 3, 1.0L, &out, &n) == 0 && n == 3, "three paths over three runs");
    ok(n == 3 && out[0].function == 0 && out[0].id == 1 && out[1].function == 0 && out[1].id == 2 &&
           out[2].function == 1 && out[2].id == 7,
       "sorted by function, then id");
    const enumerate_path *a = find(out, n, 0, 1), *b = find(out, n, 0, 2), *c = find(out, n, 1, 7);
    /* (0, 1): mean 0.5*2 + 0.2*1 = 1.2; E[c^2] = 0.5*4 + 0.2*1 = 2.2, variance 0.76 */
    ok(a && fabs(a->mean - 1.2) < 1e-12 && fabs(a->stddev - sqrt(0.76)) < 1e-12 &&
           fabs(a->p_reached - 0.7) < 1e-12 && a->min == 0 && a->max == 2 && a->hits == 2,
       "a path two runs took: mean 1.2, sd sqrt(0.76), reached 0.7, min 0 (a run went without), max 2");
    ok(b && fabs(b->mean - 0.9) < 1e-12 && fabs(b->stddev - sqrt(0.3 * 9 - 0.81)) < 1e-12 && b->hits == 1 &&
           b->max == 3,
       "a path one run took 3 times: mean 0.9");
    ok(c && c->mean == 1 && c->stddev == 0 && c->min == 1 && c->max == 1 && c->hits == 3 &&
           fabs(c->p_reached - 1) < 1e-12,
       "a path every run took once: mean 1, no spread, min 1");
    free(out);

    /* a run whose table overflowed lost counts: the enumeration would not be exact */
    for (uint64_t id = 0; id <= FSABI_PATH_TABLE_LIMIT; id++) fsabi_path_table_count(&table, 2, id);
    rc = enumerate_paths_take(s, &mod, 0.1L, 1, why, sizeof why);
    ok(rc == 1 && strstr(why, "per-run table") && table.nused == 0 && table.nlost == 0,
       "a run that lost counts ends it, saying why (%s), and the table is emptied", why);

    /* past ENUMERATE_MAX_PATHS distinct paths it does not apply either */
    void *mem2 = calloc(1, enumerate_paths_bytes());
    if (!mem2) bail("out of memory");
    enumerate_paths *full = enumerate_paths_at(mem2);
    rc = 0;
    uint64_t next = 0;
    for (int run = 0; rc == 0 && run < 17; run++) {
        for (uint32_t k = 0; k < FSABI_PATH_TABLE_LIMIT; k++) fsabi_path_table_count(&table, 3, next++);
        rc = enumerate_paths_take(full, &mod, 1e-3L, 1, why, sizeof why);
    }
    ok(rc == 1 && strstr(why, "more than 65536") && next == 17ull * FSABI_PATH_TABLE_LIMIT,
       "the 65,537th distinct path ends it, saying why (%s)", why);
    ok(enumerate_paths_result(full, 16, 1.0L, &out, &n) == 0 && n == ENUMERATE_MAX_PATHS,
       "...keeping the first 65,536");
    free(out);
    enumerate_paths_done(s);
    enumerate_paths_done(full);
    free(mem);
    free(mem2);
    return done();
}
