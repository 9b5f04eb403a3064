/* tests/harness/path_table-t.c: the per-trial path table of include/freqsys/abi.h: counts by (function, id),
 * marks a full table, empties. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "tap.h"
#include "freqsys/abi.h"

static uint64_t count_of(const fsabi_path_table *t, uint32_t function, uint64_t id) {
    for (uint32_t k = 0; k < t->nused; k++) {
        const fsabi_path_slot *s = &t->slots[t->used[k]];
        if (s->function == function && s->id == id) return s->count;
    }
    return 0;
}

int main(void) {
    plan(8);
    static fsabi_path_slot slots[FSABI_PATH_TABLE_SLOTS];
    static uint32_t used[FSABI_PATH_TABLE_LIMIT];
    uint8_t lost[4] = {0};
    uint32_t lost_list[4] = {0};
    fsabi_path_table t = {slots, used, lost, lost_list, 0, 0};

    /* id 5 of function 0 and 1 are different paths; a high id too */
    for (int k = 0; k < 3; k++) fsabi_path_table_count(&t, 0, 5);
    fsabi_path_table_count(&t, 1, 5);
    fsabi_path_table_count(&t, 1, UINT64_MAX);
    is_int(t.nused, 3, "three distinct paths");
    ok(count_of(&t, 0, 5) == 3 && count_of(&t, 1, 5) == 1 && count_of(&t, 1, UINT64_MAX) == 1,
       "each counted under its own function and id");

    /* fill it: ids that collide in the low bits, so probing is exercised */
    for (uint64_t id = 0; id < FSABI_PATH_TABLE_LIMIT + 100; id++) fsabi_path_table_count(&t, 2, id << 32);
    is_int(t.nused, FSABI_PATH_TABLE_LIMIT, "the table stops at its limit");
    ok(t.nlost == 1 && lost_list[0] == 2 && lost[2] == 1 && lost[0] == 0,
       "the function that lost counts is marked, once");
    fsabi_path_table_count(&t, 0, 5);
    is_int((long long)count_of(&t, 0, 5), 4, "a path already in a full table is still counted");
    fsabi_path_table_count(&t, 3, 77);
    ok(t.nlost == 2 && lost[3] == 1, "a new path of another function in a full table marks that function");

    fsabi_path_table_clear(&t);
    int empty = t.nused == 0 && t.nlost == 0 && !lost[2] && !lost[3];
    for (uint32_t s = 0; s < FSABI_PATH_TABLE_SLOTS; s++) empty &= slots[s].count == 0;
    ok(empty, "clear empties every slot and mark");
    fsabi_path_table_count(&t, 2, 9);
    ok(t.nused == 1 && count_of(&t, 2, 9) == 1, "and it counts afresh");
    return done();
}
