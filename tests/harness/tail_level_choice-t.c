/* tests/harness/tail_level_choice-t.c: each block takes the lowest tail level its epsilon allows. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tail_level_choice.h"

int main(void) {
    plan(12);
    fsabi_block rows[3] = {
        {.max_runs = 1000, .tail_mass = 1e-7}, /* a loop of a heavy-tailed read's trips */
        {.max_runs = 50, .tail_mass = 1e-7},   /* a light one: its lower level gains little */
        {.max_runs = 7},                       /* bounded by the code alone */
    };
    static const fsabi_tail_level ladder[] = {
        {0, 50, 0.5}, {0, 80, 0.02}, {0, 400, 0.001}, {1, 30, 0.001}, {2, 3, 0.001}, {9, 1, 0.0},
    };
    fsabi_module mod = {.abi_version = FSABI_VERSION,
                        .nblocks = 3,
                        .blocks = rows,
                        .ntail_levels = sizeof ladder / sizeof ladder[0],
                        .tail_levels = ladder};

    stop_params p;
    stop_params_init(&p, 0.5, 0, 0.99);
    ok(tail_level_budget(&p) == 0.5 * TAIL_EPSILON_SHARE, "epsilon 0.5: a tail of up to %g",
       0.5 * TAIL_EPSILON_SHARE);
    stop_params_init(&p, 0.02, 1, 0.99);
    ok(tail_level_budget(&p) == 0, "epsilon 2%% with no floor: none (the module's levels stay)");
    stop_params_floor(&p, 0.01);
    ok(tail_level_budget(&p) == TAIL_EPSILON_SHARE * (0.01 / 1.02),
       "epsilon 2%% + 0.01: the share of the least epsilon, 0.01 / 1.02");

    tail_level_choice c;
    ok(tail_level_choose(&mod, 0.025, NULL, &c) == 0 && c.nchanged == 1 && c.module.blocks == c.blocks,
       "a tail of up to 0.025: one block takes a lower level");
    ok(c.blocks[0].max_runs == 80 && c.blocks[0].tail_mass == 0.02,
       "...the lowest whose tail fits: 80, not 50 (0.5) nor 400 (more than a tenth of 1000)");
    ok(c.blocks[1].max_runs == 50 && c.blocks[1].tail_mass == 1e-7,
       "...not 30 in place of 50: more than a tenth of the row's");
    ok(c.blocks[2].max_runs == 7 && c.blocks[2].tail_mass == 0, "...a bound the code proves keeps no tail");
    ok(rows[0].max_runs == 1000 && rows[0].tail_mass == 1e-7, "...the module itself is unchanged");
    ok(c.module.nblocks == 3 && c.module.tail_levels == ladder, "...the rest of the module is the same");
    tail_level_choice_free(&c);

    ok(tail_level_choose(&mod, 0.0005, NULL, &c) == 0 && c.nchanged == 0 && c.blocks == NULL &&
           c.module.blocks == rows,
       "a tail of up to 0.0005: no level fits, every row stays");
    tail_level_choice_free(&c);
    ok(tail_level_choose(&mod, 0, NULL, &c) == 0 && c.nchanged == 0 && c.module.blocks == rows,
       "no budget (a relative epsilon): every row stays");
    tail_level_choice_free(&c);
    /* a relative epsilon's pilot gives each block its own budget */
    const double budgets[3] = {0.6, 0.0, 1.0};
    ok(tail_level_choose(&mod, 0.0005, budgets, &c) == 0 && c.nchanged == 1 && c.blocks[0].max_runs == 50 &&
           c.blocks[1].max_runs == 50,
       "budgets by block: 0.6 lets block 0 take 50, block 1 keeps its row");
    tail_level_choice_free(&c);
    return done();
}
