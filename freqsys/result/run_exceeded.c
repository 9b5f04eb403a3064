/* freqsys/result/run_exceeded.c: the caps and proven bounds a run's trials contradicted, as the result lists
 * them. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run_exceeded.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "count_limits.h"

/* A new string of FMT, or NULL when memory ran out. */
__attribute__((format(printf, 1, 2))) static char *format(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *out = NULL;
    if (vasprintf(&out, fmt, ap) < 0) out = NULL;
    va_end(ap);
    return out;
}

/* The named cap NAME as the spec states it: "cap parse.c:42 100". */
static char *named_statement(const spec *s, const char *name) {
    for (size_t k = 0; k < s->ncaps; k++)
        if (s->caps[k].name && !strcmp(s->caps[k].name, name))
            return format("cap %s %llu", name, s->caps[k].n);
    return format("cap %s", name);
}

/* The cap on every block as given: the spec's `cap N` when that is the one the run
 * took (--cap wins over it), else --cap. The run's cap is per trial, the statement's
 * per call. */
static char *global_statement(const spec *s, const runner_config *cfg) {
    double stated = cfg->stop.cap / (double)spec_counted_calls(s);
    if (s->cap > 0 && (double)s->cap == stated) return format("cap %llu", s->cap);
    return format("--cap %.15g", stated);
}

/* Adds to R that BOUND (owned now) allowed LIMIT and a run ran block B MAX times. */
static int add(result *r, char *bound, const fsabi_block *b, uint64_t max, uint64_t limit,
               char *(*file_of)(const char *path, void *ctx), void *ctx) {
    result_exceeded *x = &r->exceeded[r->nexceeded++];
    *x = (result_exceeded){
        bound, strdup(b->function), strdup(b->label), file_of(b->file, ctx), (int)b->line, max, limit};
    return x->bound && x->function && x->block && x->file ? 0 : -1;
}

/* Of the blocks whose counts contradicted WHAT (a COUNT_LIMITS_* bit; with NAME, the
 * named cap NAME), the one that ran most; -1 when none did. */
static long worst(const runner_config *cfg, const uint64_t *over, unsigned what, const char *name) {
    const fsabi_module *mod = cfg->mod;
    long at = -1;
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        if (!over[j] || !(count_limits_broken(cfg, j, over[j]) & what)) continue;
        if (name && strcmp(mod->blocks[j].bound_from, name) != 0) continue;
        if (at < 0 || over[j] > over[at]) at = (long)j;
    }
    return at;
}

int run_exceeded_fill(result *r, const spec *s, const runner_config *cfg, const runner_result *rr,
                      char *(*file_of)(const char *path, void *ctx), void *ctx) {
    const fsabi_module *mod = cfg->mod;
    const uint64_t *over = rr->state.over;
    unsigned all = 0;
    for (uint64_t j = 0; over && j < mod->nblocks; j++)
        if (over[j]) all |= count_limits_broken(cfg, j, over[j]);
    if (!all) return 0;
    r->exceeded = calloc(mod->nblocks + 2, sizeof *r->exceeded);
    if (!r->exceeded) return -1;
    int rc = 0;
    long j = worst(cfg, over, COUNT_LIMITS_CAP, NULL);
    if (j >= 0)
        rc |= add(r, global_statement(s, cfg), &mod->blocks[j], over[j], (uint64_t)floor(cfg->stop.cap),
                  file_of, ctx);
    /* each named cap once, with the block that showed it most */
    for (uint64_t k = 0; rc == 0 && k < mod->nblocks; k++) {
        if (!over[k] || !(count_limits_broken(cfg, k, over[k]) & COUNT_LIMITS_NAMED)) continue;
        const char *name = mod->blocks[k].bound_from;
        int listed = 0;
        for (uint64_t i = 0; i < k && !listed; i++)
            listed = over[i] && (count_limits_broken(cfg, i, over[i]) & COUNT_LIMITS_NAMED) &&
                     !strcmp(mod->blocks[i].bound_from, name);
        if (listed) continue;
        j = worst(cfg, over, COUNT_LIMITS_NAMED, name);
        rc |=
            add(r, named_statement(s, name), &mod->blocks[j], over[j], mod->blocks[j].max_runs, file_of, ctx);
    }
    /* a proof the trials contradict is a defect: every block that shows one */
    for (uint64_t k = 0; rc == 0 && k < mod->nblocks; k++)
        if (over[k] && (count_limits_broken(cfg, k, over[k]) & COUNT_LIMITS_PROVEN))
            rc |= add(r, strdup("proven"), &mod->blocks[k], over[k], mod->blocks[k].max_runs, file_of, ctx);
    return rc;
}
