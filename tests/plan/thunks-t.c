/* tests/plan/thunks-t.c: the plan counts a long-branch thunk for each callee the fast items leave in flash,
 * within the budget. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "plan.h"
/* tap.h has a function named plan, as this header has a type */
typedef plan placement;
#define plan tap_plan
#include "tap.h"

/* A part of one block that runs RUNS times a call and calls NC of CALLEES. */
static code_part part(const char *name, uint64_t size, double runs, char **callees, size_t nc) {
    code_block *b = calloc(1, sizeof *b);
    b->label = strdup("entry");
    b->runs = runs;
    b->bytes = size;
    b->callees = calloc(nc + 1, sizeof *b->callees);
    for (size_t k = 0; k < nc; k++) b->callees[k] = strdup(callees[k]);
    b->ncallees = nc;
    return (code_part){.name = strdup(name), .size = size, .entries = runs, .blocks = b, .nblocks = 1};
}

static int chosen(const placement *p, const char *name) {
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->items[i].function, name)) return p->items[i].selected;
    return -1;
}

int main(void) {
    plan(9);
    /* hot calls helper and memcpy; warm calls helper; cold never runs */
    char *hot_calls[] = {"helper", "memcpy"}, *warm_calls[] = {"helper"};
    code_sizes c = {0};
    c.parts.parts = calloc(4, sizeof *c.parts.parts);
    c.parts.parts[0] = part("hot", 100, 1000, hot_calls, 2);
    c.parts.parts[1] = part("helper", 200, 10, NULL, 0);
    c.parts.parts[2] = part("warm", 60, 50, warm_calls, 1);
    c.parts.parts[3] = part("cold", 80, 0, NULL, 0);
    c.parts.n = 4;
    result r = {0};
    r.spec = "thunks.fspec";
    r.mode = "function";
    r.entry = "hot";
    char err[512];
    placement p;

    /* 130 bytes: hot (100) and the thunks to helper and memcpy (2 x 12) fit */
    if (plan_build(&r, &c, "cortex-m4", 130, 5, &p, err, sizeof err) != 0) bail("%s", err);
    ok(chosen(&p, "hot") == 1 && p.thunks == 2 && p.thunk_bytes == 24 &&
           p.selected_size + p.thunk_bytes <= 130,
       "130 bytes: hot, and a thunk each for helper and memcpy (%zu, %llu bytes)", p.thunks,
       (unsigned long long)p.thunk_bytes);
    plan_free(&p);

    /* 110 bytes: hot fits alone, not with its two thunks; warm and its one thunk do */
    if (plan_build(&r, &c, "cortex-m4", 110, 5, &p, err, sizeof err) != 0) bail("%s", err);
    ok(chosen(&p, "hot") == 0 && chosen(&p, "warm") == 1 && p.thunks == 1,
       "110 bytes: hot's 100 and 24 of thunks overflow; warm and one thunk are chosen");
    ok(p.selected_size + p.thunk_bytes <= 110,
       "...and with the thunks the plan is within the budget (%llu + %llu)",
       (unsigned long long)p.selected_size, (unsigned long long)p.thunk_bytes);
    plan_free(&p);

    /* 400 bytes: hot, helper and warm; only memcpy stays out, once however many call it */
    if (plan_build(&r, &c, "cortex-m4", 400, 5, &p, err, sizeof err) != 0) bail("%s", err);
    ok(chosen(&p, "helper") == 1 && chosen(&p, "hot") == 1 && chosen(&p, "warm") == 1 && p.thunks == 1,
       "400 bytes: a callee in fast memory needs no thunk; memcpy needs one (%zu)", p.thunks);
    plan_free(&p);

    /* RISC-V's call reaches 2 GiB: no thunks, hot fits 110 bytes */
    if (plan_build(&r, &c, "rv32imc", 110, 5, &p, err, sizeof err) != 0) bail("%s", err);
    ok(chosen(&p, "hot") == 1 && p.thunks == 0 && p.thunk_bytes == 0,
       "rv32imc: no thunks, hot fits 110 bytes");
    plan_free(&p);

    /* the writers say it */
    if (plan_build(&r, &c, "cortex-m4", 130, 5, &p, err, sizeof err) != 0) bail("%s", err);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    plan_write_text(&p, mem);
    fclose(mem);
    ok(text && strstr(text, "thunks: 2 callees") && strstr(text, "24 bytes counted within the budget"),
       "the table says how many thunks and their bytes");
    free(text);
    mem = open_memstream(&text, &len);
    plan_write_json(&p, mem);
    fclose(mem);
    ok(text && strstr(text, "\"thunks\": 2") && strstr(text, "\"thunk_bytes\": 24"), "...and the JSON");
    free(text);
    mem = open_memstream(&text, &len);
    plan_write_html(&p, mem);
    fclose(mem);
    ok(text && strstr(text, "<td id=\"thunks\">2 callees stay in flash: 24 bytes"), "...and the page");
    free(text);
    plan_free(&p);

    /* With more parts than every subset can be tried for (14 large ones that never
     * run), the knapsack is solved again with the overflow held back: still within
     * the budget, warm and its thunk at 110 bytes. */
    code_part *more = realloc(c.parts.parts, 18 * sizeof *more);
    if (!more) bail("out of memory");
    c.parts.parts = more;
    for (int k = 0; k < 14; k++) {
        char name[16];
        snprintf(name, sizeof name, "filler%d", k);
        c.parts.parts[4 + k] = part(name, 1000, 0, NULL, 0);
    }
    c.parts.n = 18;
    if (plan_build(&r, &c, "cortex-m4", 110, 5, &p, err, sizeof err) != 0) bail("%s", err);
    ok(chosen(&p, "hot") == 0 && chosen(&p, "warm") == 1 && p.thunks == 1 &&
           p.selected_size + p.thunk_bytes <= 110,
       "18 parts, 110 bytes: the knapsack with the overflow held back chooses warm and its thunk");
    plan_free(&p);
    code_parts_free(&c.parts);
    return done();
}
