/* tests/e2e/counter_truths.h: exact per-run means of paths.c's paths and contexts.c's blocks per context, for
 * tests that estimate them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_COUNTER_TRUTHS_H
#define FREQSYS_TEST_COUNTER_TRUTHS_H

#include <string.h>
#include "e2e.h"

static int truths_starts_with(const char *s, const char *prefix) {
    return !strncmp(s, prefix, strlen(prefix));
}

/* Path P of paths.c (main's one path, three(), loop() or dowhile()): its exact runs per run when
 * three() takes its first arms with probabilities ARM[0..2] and each coin of loop()
 * (4 trips) and dowhile() (3 trips) is 1 with probability COIN; -1 for a path of
 * another shape (a failure of the numbering). */
__attribute__((unused)) static double paths_c_truth(const result_path *p, const double arm[3], double coin) {
    if (!strcmp(p->function, "main")) return p->back_to ? -1 : 1;
    if (!strcmp(p->function, "three")) {
        if (p->nblocks != 7 || p->back_to) return -1;
        double truth = 1;
        for (int k = 0; k < 3; k++)
            truth *= truths_starts_with(p->blocks[1 + 2 * k], "if.then") ? arm[k] : 1 - arm[k];
        return truth;
    }
    int from_entry = p->nblocks > 0 && !strcmp(p->blocks[0], "entry");
    size_t at = from_entry ? 1 : 0;
    if (!strcmp(p->function, "loop")) {
        /* from the entry: the first trip; from the header: the other three, and the exit */
        if (p->nblocks <= at || strcmp(p->blocks[at], "for.cond")) return -1;
        if (!p->back_to)
            return p->nblocks == at + 2 && !strcmp(p->blocks[at + 1], "for.end") ? (from_entry ? 0 : 1) : -1;
        if (strcmp(p->back_to, "for.cond") || p->nblocks <= at + 2) return -1;
        double trips = from_entry ? 1 : 3;
        return truths_starts_with(p->blocks[at + 2], "if.then")   ? trips * coin
               : truths_starts_with(p->blocks[at + 2], "if.else") ? trips * (1 - coin)
                                                                  : -1;
    }
    if (!strcmp(p->function, "dowhile")) {
        /* from the entry: the first trip, which goes back; from the header: the second
         * trip goes back, the third leaves */
        if (p->nblocks < at + 4 || strcmp(p->blocks[at], "do.body")) return -1;
        double a = truths_starts_with(p->blocks[at + 1], "if.then") ? coin : 1 - coin;
        int back = p->back_to && !strcmp(p->back_to, "do.body");
        int out = !p->back_to && !strcmp(p->blocks[p->nblocks - 1], "do.end");
        if (!back && !out) return -1;
        return from_entry ? (back ? a : 0) : a;
    }
    return -1;
}

/* contexts.c's work(), entered in five contexts, with a ~ uniform_int(0, 9),
 * b ~ bernoulli(0.5), c ~ uniform_int(0, 1): work(x) runs its loop test x + 1 times,
 * its body and increment x times, its if.then when x > 3. */
static const char *const truths_work_blocks[7] = {"entry",   "for.cond", "for.body", "for.inc",
                                                  "for.end", "if.then",  "if.end"};

typedef struct work_context_truth {
    const char *label; /* as result_context_label writes it */
    double entries;    /* how often work() is entered there per run */
    double x_mean;     /* E[x | entered] */
    double above_3;    /* P(x > 3 | entered) */
} work_context_truth;

__attribute__((unused)) static const work_context_truth work_context_truths[5] = {
    {"main:24:13 > work", 1.0, 4.5, 0.6},               /* work(a) */
    {"main:26:14 > work", 0.5, 2.0, 0.0},               /* if (b) work(2) */
    {"main:27:10 > twice:16:12 > work", 1.0, 0.5, 0.0}, /* twice(c): work(c) */
    {"main:27:10 > twice:16:22 > work", 1.0, 1.0, 0.0}, /* twice(c): work(1) */
    {"(outside) work", 0.1, 3.0, 0.0},                  /* if (a == 0) indirect(3) */
};

/* The per-run mean of work()'s block K (in truths_work_blocks' order) in context T. */
__attribute__((unused)) static double work_context_truth_of(const work_context_truth *t, int k) {
    double per_entry[7] = {1, t->x_mean + 1, t->x_mean, t->x_mean, 1, t->above_3, 1};
    return t->entries * per_entry[k];
}

/* R's context labelled LABEL, or NULL. */
__attribute__((unused)) static const result_context *truths_find_context(const result *r, const char *label) {
    char buf[512];
    for (size_t i = 0; i < r->ncontexts; i++)
        if (!strcmp(result_context_label(&r->contexts[i], buf, sizeof buf), label)) return &r->contexts[i];
    return NULL;
}

#endif
