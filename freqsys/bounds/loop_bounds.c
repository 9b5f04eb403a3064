/* freqsys/bounds/loop_bounds.c: how often each block of a function can run per call, from its loops. */
/* SPDX-License-Identifier: MIT */
#include "loop_bounds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counted_loops.h"
#include "loop_cfg.h"
#include "object_steps.h"
#include "rules.h"
#include "shared_walks.h"
#include "walk_bounds.h"

#define LOOP_MAX_BLOCKS 4096 /* finding the cycles is quadratic in the blocks */

/* ---- the nest of loops ---- */

static uint64_t times(uint64_t a, uint64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a == LOOP_BOUNDS_UNBOUNDED || b == LOOP_BOUNDS_UNBOUNDED || a > LOOP_BOUNDS_UNBOUNDED / b)
        return LOOP_BOUNDS_UNBOUNDED;
    return a * b;
}

static uint64_t plus(uint64_t a, uint64_t b) {
    return a >= LOOP_BOUNDS_UNBOUNDED - b ? LOOP_BOUNDS_UNBOUNDED : a + b;
}

/* Whether block H of COMP ends in a branch with one way out of COMP and one in it. */
static int leaves_at_once(const cfg *g, unsigned h, const unsigned char *comp) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bbs[h]);
    if (!LLVMIsABranchInst(term) || !LLVMIsConditional(term)) return 0;
    long long s0 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 0)),
              s1 = ptr_map_get(&g->ids, LLVMGetSuccessor(term, 1));
    return s0 >= 0 && s1 >= 0 && comp[s0] != comp[s1];
}

static const char *file_base(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int loop_bounds_at(LLVMBasicBlockRef bb, const bound_cap *cap) {
    if (!cap->file) return 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        unsigned line = LLVMGetDebugLocLine(i);
        if (!line) continue;
        unsigned len = 0;
        const char *dir = LLVMGetDebugLocDirectory(i, &len);
        const char *name = LLVMGetDebugLocFilename(i, &len);
        if (line != cap->line || !name) return 0;
        char path[1024];
        snprintf(path, sizeof path, "%s%s%.*s", name[0] != '/' && dir && *dir ? dir : "",
                 name[0] != '/' && dir && *dir ? "/" : "", (int)len, name);
        size_t n = strlen(path), k = strlen(cap->file);
        if (!strchr(cap->file, '/')) return strcmp(file_base(path), cap->file) == 0;
        return n >= k && strcmp(path + n - k, cap->file) == 0 && (n == k || path[n - k - 1] == '/');
    }
    return 0;
}

/* Rule (loop caps): the cap of GIVEN at the header H's FILE:LINE, or -1. */
static int loop_cap(const cfg *g, unsigned h) {
    for (size_t k = 0; g->given && k < g->given->ncaps; k++)
        if (loop_bounds_at(g->bbs[h], &g->given->caps[k])) return (int)k;
    return -1;
}

#define OBJECT_CUT_TRIES 16 /* blocks of a cycle with several entries tried as its cut */

/* Rule (pointers stay in their object), for a cycle COMP that no one block enters: a
 * block X of COMP, entered from outside it or from two of its blocks, such that every
 * way from X back to X moves one pointer through one object (object_steps.c, with X
 * taken for the header). X then runs at most K + 1 times per entry, and every other
 * block of COMP outside the cycles that avoid X at most REST = K + 2 (a way to X, and
 * one after each run of X). Returns K with X in CUT, or -1. */
static wide object_cut(cfg *g, const unsigned char *comp, unsigned *cut, wide *rest) {
    unsigned tries = 0;
    for (unsigned x = 0; x < g->n && tries < OBJECT_CUT_TRIES; x++) {
        if (!comp[x]) continue;
        unsigned from_inside = 0, from_outside = 0;
        for (unsigned e = g->pfirst[x]; e < g->pfirst[x + 1]; e++) {
            if (comp[g->pred[e]])
                from_inside++;
            else
                from_outside++;
        }
        if (!from_outside && from_inside < 2) continue;
        tries++;
        /* the rule reads the cycle and its cut, not the cycles that avoid the cut */
        walk_loop walk = {g->n,      g->bbs, &g->ids, g->succ, g->sfirst, g->pred,
                          g->pfirst, comp,   NULL,    x,       g->given};
        long long k = object_steps_trips(&walk, counted_loops_range, g);
        if (k >= 0) {
            *cut = x;
            *rest = (wide)k + 2;
            return k;
        }
    }
    return -1;
}

/* The loop whose passes hold the part being bounded: its blocks, header among them,
 * how often it is entered, and the cap that rests on (-1: none). */
typedef struct enclosing {
    const unsigned char *comp;
    uint64_t mult;
    int from;
} enclosing;

/* Rule (pointers stay in their object), across the passes of OUTER: when every way
 * from H back to H within OUTER (through OUTER's header too) moves one pointer
 * through one object of S bytes, H's values of it strictly grow over all of one
 * entry into OUTER, so H runs at most S + 1 times per entry into OUTER, however many
 * passes of OUTER it is entered in; or (amortized) H's own loop moves it at every
 * return and OUTER never moves it back, and H runs at most S + ENTRIES times, ENTRIES
 * the entries into H's loop. WALK is H's loop; LOOP_BOUNDS_UNBOUNDED when not
 * proven. */
static uint64_t across_passes(cfg *g, const walk_loop *walk, const enclosing *outer, uint64_t entries) {
    if (!outer || outer->mult == LOOP_BOUNDS_UNBOUNDED) return LOOP_BOUNDS_UNBOUNDED;
    walk_loop around = *walk;
    around.comp = outer->comp;
    long long k = object_steps_trips(&around, counted_loops_range, g);
    uint64_t bound = k < 0 ? LOOP_BOUNDS_UNBOUNDED : times(outer->mult, (uint64_t)k + 1);
    /* amortized: moved on only by H's own loop, kept by the loop around; H runs once
     * for each entry into its loop and once for each of those returns */
    long long own = object_steps_amortized(&around, walk->comp, counted_loops_range, g);
    uint64_t amortized = own < 0 || entries == LOOP_BOUNDS_UNBOUNDED
                             ? LOOP_BOUNDS_UNBOUNDED
                             : plus(times(outer->mult, (uint64_t)own), entries);
    return amortized < bound ? amortized : bound;
}

/* Bounds the blocks of IN, each entry into which runs them at most MULT times apiece
 * before its cycles (a bound resting on cap FROM, -1: none): one strongly connected
 * part at a time. OUTER, when not NULL, is the loop whose interior IN is. */
static int region(cfg *g, const unsigned char *in, uint64_t mult, int from, const enclosing *outer,
                  uint64_t *out) {
    unsigned char *done = calloc(g->n, 1), *comp = calloc(g->n, 1), *inner = calloc(g->n, 1);
    int rc = done && comp && inner ? 0 : -1;
    for (unsigned b = 0; rc == 0 && b < g->n; b++) {
        if (!in[b] || done[b]) continue;
        loop_cfg_reach(g, b, in, g->succ, g->sfirst, g->fwd);
        loop_cfg_reach(g, b, in, g->pred, g->pfirst, g->bwd);
        unsigned size = 0;
        for (unsigned c = 0; c < g->n; c++) {
            comp[c] = g->fwd[c] && g->bwd[c];
            if (comp[c]) {
                done[c] = 1;
                size++;
            }
        }
        if (size == 1 && !loop_cfg_has_edge(g, b, b)) {
            out[b] = mult;
            g->cap_of[b] = from;
            continue;
        }
        long h = loop_cfg_header_of(g, comp);
        if (mult == LOOP_BOUNDS_UNBOUNDED) {
            /* nothing bounds its entries, so it stays unbounded; a cap at its header, or
             * at an inner loop's, is still a loop's cap */
            if (h >= 0) {
                int cap = loop_cap(g, (unsigned)h);
                if (cap >= 0) g->given->caps[cap].used = 1;
                comp[h] = 0;
                rc = region(g, comp, LOOP_BOUNDS_UNBOUNDED, from, NULL, out);
            }
            continue;
        }
        if (h < 0) {
            /* Rules (loops entered at several blocks): counted_loops.h, and (pointers
             * stay in their object) for such a cycle */
            unsigned cut;
            wide rest, k = counted_loops_cut(g, comp, inner, &cut, &rest);
            if (k < 0) k = object_cut(g, comp, &cut, &rest);
            if (k < 0) continue;
            out[cut] = times(mult, (uint64_t)k + 1);
            g->cap_of[cut] = from;
            /* entered at most MULT times, as a cycle of one entry is: a path through
             * IN leaves a strongly connected part for good */
            unsigned char *whole = malloc(g->n);
            if (!whole) {
                rc = -1;
                break;
            }
            memcpy(whole, comp, g->n);
            enclosing cycle = {whole, mult, from};
            comp[cut] = 0;
            rc = region(g, comp, times(mult, (uint64_t)rest), from, &cycle, out);
            free(whole);
            continue;
        }
        loop_cfg_inner_cycles(g, (unsigned)h, comp, inner);
        int at_header;
        wide trips = counted_loops_trips(g, (unsigned)h, comp, inner, NULL, &at_header), counted = trips;
        /* Rules (string walks), (reading to EOF) and those they rest on: walk_bounds.c */
        walk_loop walk = {g->n,      g->bbs, &g->ids, g->succ,     g->sfirst, g->pred,
                          g->pfirst, comp,   inner,   (unsigned)h, g->given};
        /* Rules (string walks), (reading to EOF), (interval halving), (Euclid's remainders),
         * (dividing down to 0), (shared walks): the table's rows that bound passes
         * (rules.c), the least of them */
        loop_rule_args args = {g, &walk, comp, (unsigned)h};
        wide ruled = loop_rules_passes(&args);
        if (ruled >= 0 && (trips < 0 || ruled < trips)) trips = ruled;
        int via = from, cap = loop_cap(g, (unsigned)h);
        if (cap >= 0) {
            g->given->caps[cap].used = 1;
            if (trips < 0 || trips > (wide)g->given->caps[cap].n) {
                trips = (wide)g->given->caps[cap].n;
                via = cap;
            }
        }
        /* Rule (bytes read, summed): the header's test passes at most S times a call */
        wide summed = counted_loops_summed(g, (unsigned)h, comp, inner);
        uint64_t across = across_passes(g, &walk, outer, mult);
        if (trips < 0 && summed < 0 && across == LOOP_BOUNDS_UNBOUNDED) {
            /* its inner loops are entered without a bound */
            comp[h] = 0;
            rc = region(g, comp, LOOP_BOUNDS_UNBOUNDED, from, NULL, out);
            continue;
        }
        uint64_t m = trips < 0 ? LOOP_BOUNDS_UNBOUNDED : times(mult, (uint64_t)trips + 1);
        /* Rule (bodies of counted loops): where the header's own test gave the bound and
         * leaves at once, the rest of the loop runs only after a pass: K times, not K + 1 */
        uint64_t body = at_header && trips == counted && via == from ? times(mult, (uint64_t)trips) : m;
        int body_via = via;
        if (summed >= 0) {
            /* H runs once for each pass and once more for each entry; where its test
             * leaves at once, the rest of the loop only after a pass */
            uint64_t each = plus((uint64_t)summed, mult),
                     rest = leaves_at_once(g, (unsigned)h, comp) ? (uint64_t)summed : each;
            if (each <= m) {
                m = each;
                via = from;
            }
            if (rest <= body) {
                body = rest;
                body_via = from;
            }
        }
        if (outer && across < m) {
            m = across;
            via = outer->from;
        }
        if (outer && across < body) { /* the rest of the loop runs at most once for each run of H */
            body = across;
            body_via = outer->from;
        }
        out[h] = m;
        g->cap_of[h] = via;
        unsigned char *held = malloc(g->n);
        if (!held) {
            rc = -1;
            break;
        }
        memcpy(held, comp, g->n);
        enclosing self = {held, mult, from};
        comp[h] = 0;
        rc = region(g, comp, body, body_via, &self, out);
        free(held);
    }
    free(done);
    free(comp);
    free(inner);
    return rc;
}

int loop_bounds(LLVMValueRef fn, unsigned nb, uint64_t *per_call) {
    return loop_bounds_capped(fn, nb, NULL, per_call, NULL);
}

int loop_bounds_capped(LLVMValueRef fn, unsigned nb, bound_given *given, uint64_t *per_call, int *cap_of) {
    for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    for (unsigned b = 0; cap_of && b < nb; b++) cap_of[b] = -1;
    if (nb == 0 || nb > LOOP_MAX_BLOCKS || LLVMCountBasicBlocks(fn) != nb) return 0;
    cfg g = {.given = given};
    unsigned char *all = calloc(nb, 1);
    shared_walks walks = {0};
    int rc = all ? loop_cfg_build(fn, nb, &g) : -1;
    if (rc == 0) rc = shared_walks_find(&g, &walks);
    if (rc == 0) {
        g.walks = &walks;
        memset(all, 1, nb);
        rc = region(&g, all, 1, -1, NULL, per_call);
        /* Rule (shared walks): a block that returns to itself only by a step runs at
         * most once more than the walk's steps after each start, however loops nest */
        if (rc == 0) shared_walks_lower(&walks, &g, per_call, g.cap_of);
        /* Rule (never entered): a block no taken edge leads to from the entry. Not a
         * block from which the run cannot end: a run that never ends is counted too. */
        loop_cfg_reach(&g, 0, all, g.succ, g.sfirst, g.bwd);
        for (unsigned b = 0; rc == 0 && b < nb; b++)
            if (!g.bwd[b]) {
                per_call[b] = 0;
                g.cap_of[b] = -1;
            }
    }
    if (rc != 0)
        for (unsigned b = 0; b < nb; b++) per_call[b] = LOOP_BOUNDS_UNBOUNDED;
    else if (cap_of)
        memcpy(cap_of, g.cap_of, nb * sizeof *cap_of);
    free(all);
    shared_walks_free(&walks);
    loop_cfg_free(&g);
    return rc == -1 ? -1 : 0;
}
