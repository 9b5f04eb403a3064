/* tests/plan/compact-t.c: the -Oz/-O2 choice is the least size within the cycle budget: checked against every
 * choice. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "compact.h"

/* The least total size over all 2^n choices whose cycles are within the budget. */
static uint64_t brute(const compact_item *it, size_t n, double slowdown) {
    double all_o2 = 0;
    for (size_t i = 0; i < n; i++) all_o2 += it[i].cycles_o2;
    double limit = (1 + slowdown) * all_o2 * (1 + 1e-12);
    uint64_t best = UINT64_MAX;
    for (uint32_t set = 0; set < (1u << n); set++) {
        uint64_t size = 0;
        double cycles = 0;
        for (size_t i = 0; i < n; i++) {
            int oz = (set >> i) & 1;
            size += oz ? it[i].size_oz : it[i].size_o2;
            cycles += oz ? it[i].cycles_oz : it[i].cycles_o2;
        }
        if (cycles <= limit && size < best) best = size;
    }
    return best;
}

int main(void) {
    plan(5);
    enum { N = 12, INSTANCES = 300 };
    srand(2024);
    compact_item items[N];
    char names[N][8];
    int optimal = 1, within = 1, totals = 1;
    for (int t = 0; t < INSTANCES; t++) {
        for (size_t i = 0; i < N; i++) {
            snprintf(names[i], sizeof names[i], "f%zu", i);
            items[i] = (compact_item){names[i], 0, 0, 0, 0, 0, 0, 0, 0};
            items[i].size_o2 = 10 + (uint64_t)(rand() % 300);
            items[i].size_oz = 10 + (uint64_t)(rand() % 300); /* sometimes larger than -O2 */
            items[i].cycles_o2 = (rand() % 5 == 0) ? 0 : (double)(rand() % 1000) / 3.0;
            items[i].cycles_oz = rand() % 6 == 0 ? items[i].cycles_o2 : (double)(rand() % 1000) / 3.0;
        }
        double slowdown = (rand() % 4) * 0.05; /* 0, 5%, 10%, 15% */
        compact_plan p = {items, N, slowdown, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, "", 0, 0};
        if (compact_choose(&p) != 0) {
            optimal = 0;
            break;
        }
        if (p.size != brute(items, N, slowdown)) optimal = 0;
        if (p.cycles > (1 + slowdown) * p.cycles_all_o2 * (1 + 1e-9)) within = 0;
        uint64_t size = 0;
        double cycles = 0;
        for (size_t i = 0; i < N; i++) {
            size += items[i].oz ? items[i].size_oz : items[i].size_o2;
            cycles += items[i].oz ? items[i].cycles_oz : items[i].cycles_o2;
        }
        if (size != p.size || fabs(cycles - p.cycles) > 1e-9 * (1 + cycles)) totals = 0;
    }
    ok(optimal, "%d random instances of %d functions: the least size any choice within budget has", INSTANCES,
       N);
    ok(within, "...and the chosen cycles are within (1 + max_slowdown) x all -O2");
    ok(totals, "...and the reported totals are those of the choice");

    /* by hand: a 10% budget of 100 cycles allows +10; f0 saves 50 bytes for +8, f1 60
     * bytes for +6, f2 20 bytes for +3: {f1, f2} (80 bytes, +9) beats {f0} (50, +8) */
    compact_item hand[3] = {{"f0", 50, 100, 18, 10, 0, 0, 0, 0},
                            {"f1", 40, 100, 56, 50, 0, 0, 0, 0},
                            {"f2", 80, 100, 43, 40, 0, 0, 0, 0}};
    compact_plan p = {hand, 3, 0.10, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, "", 0, 0};
    ok(compact_choose(&p) == 0 && !hand[0].oz && hand[1].oz && hand[2].oz && p.size == 220,
       "by hand: {f1, f2} to -Oz, 220 bytes");
    /* -Oz both smaller and faster: taken even with no slowdown allowed */
    compact_item free_win[1] = {{"g", 30, 40, 5, 6, 0, 0, 0, 0}};
    compact_plan q = {free_win, 1, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, "", 0, 0};
    ok(compact_choose(&q) == 0 && free_win[0].oz && q.size == 30,
       "a smaller, faster -Oz is taken at 0%% slowdown");
    return done();
}
