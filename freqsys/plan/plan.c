/* freqsys/plan/plan.c: heat per function from the estimate and the sizes, the knapsack, the curve, the
 * ranking. */
/* SPDX-License-Identifier: MIT */
#include "plan.h"

#include <stdlib.h>
#include <string.h>
#include "call_order.h"
#include "knapsack.h"
#include "standing.h"

static long long find_item(const plan *p, const char *name) {
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->items[i].function, name) == 0) return (long long)i;
    return -1;
}

/* A block's bytes: its function's size shared out by -O0 instruction counts. */
static void block_heat(plan_item *it, const result *r, const code_size_function *cf) {
    unsigned total = 0;
    for (size_t k = 0; k < cf->nblocks; k++) total += cf->weights[k];
    size_t nb = 0;
    for (size_t j = 0; j < r->nblocks; j++) nb += strcmp(r->blocks[j].function, it->function) == 0;
    it->blocks = calloc(nb + 1, sizeof *it->blocks);
    if (!it->blocks) return;
    int first = 1;
    for (size_t j = 0; j < r->nblocks; j++) {
        const result_block *b = &r->blocks[j];
        if (strcmp(b->function, it->function) != 0) continue;
        if (first) {
            it->entries = b->mean;
            first = 0;
        }
        unsigned w = 0;
        for (size_t k = 0; k < cf->nblocks; k++)
            if (strcmp(cf->labels[k], b->block) == 0) w = cf->weights[k];
        plan_block *pb = &it->blocks[it->nblocks++];
        pb->label = strdup(b->block);
        pb->line = b->line;
        pb->size = total ? (uint64_t)((double)it->size * w / total + 0.5) : 0;
        pb->heat = total ? b->mean * (double)it->size * w / total : 0;
        it->heat += pb->heat;
        if (b->mean > 0) it->cold = 0;
    }
}

/* Notes NAME among IT's callees, once. */
static int add_callee(plan_item *it, const char *name) {
    for (size_t k = 0; k < it->ncallees; k++)
        if (!strcmp(it->callees[k], name)) return 0;
    char **v = realloc(it->callees, (it->ncallees + 1) * sizeof *v);
    if (!v) return -1;
    it->callees = v;
    return (v[it->ncallees] = strdup(name)) ? (it->ncallees++, 0) : -1;
}

/* The parts of a profile-guided build as items: blocks with their runs and bytes. */
static int part_items(plan *p, const code_parts *c) {
    for (size_t i = 0; i < c->n; i++) {
        const code_part *cp = &c->parts[i];
        if (cp->size == 0) continue;
        plan_item *it = &p->items[p->n++];
        it->function = strdup(cp->name);
        it->blocks = calloc(cp->nblocks + 1, sizeof *it->blocks);
        if (!it->function || !it->blocks) return -1;
        it->size = cp->size;
        it->entries = cp->entries;
        for (size_t k = 0; k < cp->nblocks; k++) {
            const code_block *b = &cp->blocks[k];
            for (size_t j = 0; j < b->ncallees; j++)
                if (add_callee(it, b->callees[j]) != 0) return -1;
            plan_block *pb = &it->blocks[it->nblocks++];
            pb->label = strdup(b->label);
            pb->size = b->bytes;
            pb->heat = b->runs * (double)b->bytes;
            it->heat += pb->heat;
            it->cycles += b->runs * b->cycles;
        }
        it->stall = (double)p->flash_wait * it->heat / PLAN_FETCH_BYTES;
        it->cold = it->heat <= 0;
        p->total_heat += it->heat;
        p->total_size += it->size;
        p->cycles_in_flash += it->cycles + it->stall;
    }
    return 0;
}

static int by_heat(const void *a, const void *b) {
    const plan_item *x = a, *y = b;
    if (x->heat != y->heat) return x->heat < y->heat ? 1 : -1;
    return strcmp(x->function, y->function);
}

/* Bytes of the long-branch thunk the linker puts beside a call that cannot reach its
 * target: on ARM, fast memory (ITCM, RAM at 0x0 or 0x2000_0000) lies further from
 * flash (0x0800_0000) than a Thumb BL reaches (16 MiB). ld.lld's Thumb-2 thunk is
 * movw/movt/bx (10 bytes), its v6-M one 12 with its literal, GNU ld's 8 or 12; each
 * is counted as 12, 4-aligned. RISC-V's call reaches 2 GiB: none. */
static unsigned thunk_size_for(const char *target) {
    return strstr(target, "cortex-m") || !strncmp(target, "thumb", 5) || !strncmp(target, "arm", 3) ? 12 : 0;
}

/* The distinct callees of the CHOSEN items that are not chosen themselves: each a
 * call from fast memory to flash, so a thunk in the fast section. */
static size_t thunks_needed(const plan *p, const int *chosen) {
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (!chosen[i]) continue;
        for (size_t k = 0; k < p->items[i].ncallees; k++) {
            const char *name = p->items[i].callees[k];
            int fast = 0, earlier = 0;
            for (size_t j = 0; j < p->n && !fast; j++)
                fast = chosen[j] && !strcmp(p->items[j].function, name);
            /* counted once, at its first caller among the chosen */
            for (size_t j = 0; j < i && !earlier && !fast; j++)
                for (size_t m = 0; chosen[j] && m < p->items[j].ncallees && !earlier; m++)
                    earlier = !strcmp(p->items[j].callees[m], name);
            for (size_t m = 0; m < k && !earlier && !fast; m++)
                earlier = !strcmp(p->items[i].callees[m], name);
            n += !fast && !earlier;
        }
    }
    return n;
}

static double select_within(plan *p, uint64_t budget, int *chosen) {
    uint64_t *size = malloc((p->n + 1) * sizeof *size);
    double *value = malloc((p->n + 1) * sizeof *value);
    double best = -1;
    if (size && value) {
        for (size_t i = 0; i < p->n; i++) {
            size[i] = p->items[i].size;
            value[i] = p->items[i].heat;
        }
        best = knapsack_solve(size, value, p->n, budget, chosen);
    }
    free(size);
    free(value);
    return best;
}

#define EXACT_ITEMS 16 /* up to this many items, every subset is tried */

/* The best heat within BUDGET with the thunks counted, by trying every subset of the
 * items (when there are at most EXACT_ITEMS); *THUNKS gets the count. -1 when memory
 * ran out. */
static double select_every_subset(plan *p, uint64_t budget, int *chosen, size_t *thunks) {
    int *trial = calloc(p->n + 1, sizeof *trial);
    if (!trial) return -1;
    double best = 0;
    unsigned long best_mask = 0;
    for (unsigned long mask = 0; mask < 1ul << p->n; mask++) {
        uint64_t used = 0;
        double heat = 0;
        for (size_t i = 0; i < p->n; i++) {
            trial[i] = (int)(mask >> i & 1);
            used += trial[i] ? p->items[i].size : 0;
            heat += trial[i] ? p->items[i].heat : 0;
        }
        if (used > budget || heat <= best) continue;
        if (used + thunks_needed(p, trial) * p->thunk_size > budget) continue;
        best = heat;
        best_mask = mask;
    }
    for (size_t i = 0; i < p->n; i++) chosen[i] = (int)(best_mask >> i & 1);
    *thunks = p->thunk_size ? thunks_needed(p, chosen) : 0;
    free(trial);
    return best;
}

/* The best heat within BUDGET with the thunks counted; *THUNKS gets the count. With
 * no thunks on the target, the knapsack over the items' sizes; with few items, every
 * subset; otherwise the knapsack and, while the chosen items and their thunks overflow
 * the budget, the knapsack again with that overflow held back: within the budget, but
 * maybe short of the optimum (a part's cost depends on which others are chosen). */
static double select_fitting(plan *p, uint64_t budget, int *chosen, size_t *thunks) {
    if (p->thunk_size && p->n <= EXACT_ITEMS) return select_every_subset(p, budget, chosen, thunks);
    uint64_t held = 0;
    for (unsigned round = 0;; round++) {
        double best = select_within(p, budget - held, chosen);
        if (best < 0) return best;
        uint64_t used = 0;
        for (size_t i = 0; i < p->n; i++) used += chosen[i] ? p->items[i].size : 0;
        *thunks = p->thunk_size ? thunks_needed(p, chosen) : 0;
        uint64_t total = used + *thunks * p->thunk_size;
        if (total <= budget) return best;
        /* held grows each round (faster after a few), so the loop ends: with nothing
         * chosen, 0 bytes fit */
        held += total - budget + (round >= 8 ? held : 0);
        if (held > budget) held = budget;
    }
}

/* CALLS[i * n + j]: expected calls (and tail jumps) from part i to part j per run,
 * from the machine blocks' runs and the parts they call. */
static double *part_calls(const plan *p, const code_parts *c) {
    size_t n = p->n;
    double *calls = calloc(n * n + 1, sizeof *calls);
    for (size_t i = 0; calls && i < c->n; i++) {
        long long from = find_item(p, c->parts[i].name);
        for (size_t k = 0; from >= 0 && k < c->parts[i].nblocks; k++) {
            const code_block *b = &c->parts[i].blocks[k];
            for (size_t j = 0; j < b->ncallees; j++) {
                long long to = find_item(p, b->callees[j]);
                if (to >= 0) calls[(size_t)from * n + (size_t)to] += b->runs;
            }
        }
    }
    return calls;
}

/* CALLS[i * n + j]: expected calls from item i to item j per run, from the blocks'
 * means and their callees. */
static double *call_matrix(const plan *p, const result *r) {
    size_t n = p->n;
    double *calls = calloc(n * n + 1, sizeof *calls);
    for (size_t j = 0; calls && j < r->nblocks; j++) {
        const result_block *b = &r->blocks[j];
        long long from = find_item(p, b->function);
        for (size_t k = 0; from >= 0 && k < b->ncallees; k++) {
            long long to = find_item(p, b->callees[k]);
            if (to >= 0) calls[(size_t)from * n + (size_t)to] += b->mean;
        }
    }
    return calls;
}

static void rank_standing(plan *p, const double *calls) {
    size_t n = p->n;
    double *pi = calloc(n + 1, sizeof *pi);
    if (calls && pi && standing_probability(n, calls, pi) == 0)
        for (size_t i = 0; i < n; i++) p->items[i].standing = pi[i];
    free(pi);
}

/* Items are functions with the code interrupt handlers and the entry call; C3 lays
 * callees after their callers. */
static int lay_out(plan *p, const double *calls) {
    size_t n = p->n;
    uint64_t *size = calloc(n + 1, sizeof *size);
    double *heat = calloc(n + 1, sizeof *heat);
    const char **names = calloc(n + 1, sizeof *names);
    p->order = calloc(n + 1, sizeof *p->order);
    p->order_cluster = calloc(n + 1, sizeof *p->order_cluster);
    int rc = -1;
    if (size && heat && names && p->order && p->order_cluster && calls) {
        for (size_t i = 0; i < n; i++) {
            size[i] = p->items[i].size;
            heat[i] = p->items[i].heat;
            names[i] = p->items[i].function;
        }
        rc = call_order_c3(n, size, heat, calls, names, CALL_ORDER_PAGE, p->order, p->order_cluster);
    }
    free(size);
    free(heat);
    free(names);
    return rc;
}

int plan_build(const result *r, const code_sizes *c, const char *target, uint64_t budget, unsigned flash_wait,
               plan *p, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    p->target = strdup(target);
    p->budget = budget;
    p->flash_wait = flash_wait;
    p->parts = c->parts.n > 0;
    p->spec = strdup(r->spec ? r->spec : "");
    p->mode = strdup(r->mode ? r->mode : "");
    p->entry = strdup(r->entry ? r->entry : "");
    snprintf(p->libc, sizeof p->libc, "%s", c->libc);
    snprintf(p->timing, sizeof p->timing, "%s", c->parts.timing);
    if (c->retargeted)
        snprintf(p->note, sizeof p->note, "sizes from a host build retargeted to %.60s: %.400s", target,
                 c->note);
    p->items = calloc((p->parts ? c->parts.n : c->n) + 1, sizeof *p->items);
    if (!p->items || !p->target || (p->parts && part_items(p, &c->parts) != 0)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < c->n && !p->parts; i++) {
        const code_size_function *cf = &c->functions[i];
        int in_result = 0;
        for (size_t j = 0; j < r->nblocks && !in_result; j++)
            in_result = strcmp(r->blocks[j].function, cf->name) == 0;
        if (!in_result || cf->size == 0) continue; /* not part of the estimate, or inlined away */
        plan_item *it = &p->items[p->n++];
        it->function = strdup(cf->name);
        it->size = cf->size;
        it->cold = 1;
        block_heat(it, r, cf);
        p->total_heat += it->heat;
        p->total_size += it->size;
    }
    if (p->n == 0) {
        snprintf(err, errlen, "no function of the result was found in the program built for %s", target);
        return -1;
    }
    qsort(p->items, p->n, sizeof *p->items, by_heat);
    double *calls = p->parts ? part_calls(p, &c->parts) : call_matrix(p, r);
    rank_standing(p, calls);
    int laid = lay_out(p, calls);
    free(calls);
    if (laid != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }

    int *chosen = calloc(p->n + 1, sizeof *chosen);
    if (!chosen) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    p->thunk_size = thunk_size_for(target);
    p->selected_heat = select_fitting(p, budget, chosen, &p->thunks);
    p->thunk_bytes = (uint64_t)p->thunks * p->thunk_size;
    if (p->selected_heat < 0) {
        free(chosen);
        snprintf(err, errlen, "out of memory in the knapsack");
        return -1;
    }
    for (size_t i = 0; i < p->n; i++) {
        p->items[i].selected = chosen[i];
        if (chosen[i]) p->selected_size += p->items[i].size;
        if (chosen[i]) p->cycles_saved += p->items[i].stall;
    }
    /* the curve: what the best placement gains as the budget grows */
    for (size_t k = 1; k <= 16; k++) {
        uint64_t b = p->total_size * k / 16;
        size_t thunks;
        double h = select_fitting(p, b, chosen, &thunks);
        if (h < 0) break;
        p->curve[p->ncurve++] = (plan_point){b, h};
    }
    free(chosen);
    return 0;
}

void plan_free(plan *p) {
    for (size_t i = 0; i < p->n; i++) {
        for (size_t k = 0; k < p->items[i].nblocks; k++) free(p->items[i].blocks[k].label);
        free(p->items[i].blocks);
        free(p->items[i].function);
        for (size_t k = 0; k < p->items[i].ncallees; k++) free(p->items[i].callees[k]);
        free(p->items[i].callees);
    }
    free(p->items);
    free(p->target);
    free(p->spec);
    free(p->mode);
    free(p->entry);
    free(p->order);
    free(p->order_cluster);
    memset(p, 0, sizeof *p);
}
