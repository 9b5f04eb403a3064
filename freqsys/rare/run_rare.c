/* freqsys/rare/run_rare.c: `run --rare BLOCK`: importance sampling for one block: the target, the pilot, the
 * weighted run's settings and its result. */
/* SPDX-License-Identifier: MIT */
#include "run_rare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rare_pilot.h"
#include "tilted_draws.h"

/* The block NAME names in MOD: "function:label" exactly, or a label alone when one
 * function has it. Returns its index, or -1 with ERR saying why. */
static int64_t find_block(const fsabi_module *mod, const char *name, char *err, size_t errlen) {
    const char *colon = strchr(name, ':');
    int64_t found = -1;
    size_t matches = 0, at = 0;
    char seen[512] = "";
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        const fsabi_block *b = &mod->blocks[j];
        int hit = colon ? strlen(b->function) == (size_t)(colon - name) &&
                              !strncmp(b->function, name, (size_t)(colon - name)) &&
                              !strcmp(b->label, colon + 1)
                        : !strcmp(b->label, name);
        if (!hit) continue;
        if (!matches++) found = (int64_t)j;
        if (at < sizeof seen)
            at += (size_t)snprintf(seen + at, sizeof seen - at, "%s%s:%s", matches > 1 ? ", " : "",
                                   b->function, b->label);
    }
    if (matches == 1) return found;
    if (matches == 0)
        snprintf(err, errlen,
                 "--rare %s: no block of the program is named so (give function:label as the report "
                 "names it)",
                 name);
    else
        snprintf(err, errlen, "--rare %s: %zu blocks have that label (%s); give function:label", name,
                 matches, seen);
    return -1;
}

int run_rare_prepare(const runtime_table *rt, const char *name, const spec *s, runner_config *cfg,
                     run_rare *st, char *err, size_t errlen) {
    memset(st, 0, sizeof *st);
    st->rt = rt;
    if ((st->block = find_block(cfg->mod, name, err, errlen)) < 0) return -1;
    int n = rt->tilt_enable(s);
    if (n < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen,
                 "--rare %s: no input of the spec can be tilted (normal, lognormal, poisson, exponential, "
                 "bernoulli, binomial, geometric)",
                 name);
        return -1;
    }
    char why[512];
    int rc = rare_pilot_run(rt, cfg->mod, cfg->seed, (uint64_t)st->block, &cfg->limits, cfg->timeout_s,
                            &st->pilot_runs, &st->reached, why, sizeof why);
    if (rc < 0) {
        snprintf(err, errlen, "--rare %s: %s", name, why);
        return -1;
    }
    cfg->program.take_weight = rt->tilt_take_weight;
    cfg->weight_unit = RUN_RARE_UNIT;
    cfg->max_weight = pow(1 / (1 - TILTED_DRAWS_MIXTURE), TILTED_DRAWS_MAX);
    cfg->rare_block = st->block;
    if (!cfg->stop.relative) cfg->stop.epsilon *= RUN_RARE_UNIT;
    cfg->stop.cap *= RUN_RARE_UNIT * cfg->max_weight;
    return 0;
}

int run_rare_result(result *r, const run_rare *st) {
    for (size_t j = 0; j < r->nblocks; j++) {
        result_block *b = &r->blocks[j];
        b->mean /= RUN_RARE_UNIT;
        b->stddev /= RUN_RARE_UNIT;
        b->half_width /= RUN_RARE_UNIT;
        b->range /= RUN_RARE_UNIT;
        b->min = (uint64_t)llround((double)b->min / RUN_RARE_UNIT);
        b->max = (uint64_t)llround((double)b->max / RUN_RARE_UNIT);
    }
    const result_block *t = &r->blocks[st->block];
    size_t len = strlen(t->function) + strlen(t->block) + 2;
    if (!(r->rare_block = malloc(len))) return -1;
    snprintf(r->rare_block, len, "%s:%s", t->function, t->block);
    r->rare_mixture = TILTED_DRAWS_MIXTURE;
    r->rare_max_tilted = TILTED_DRAWS_MAX;
    r->rare_pilot_runs = st->pilot_runs;
    size_t n = st->rt->tilt_get(NULL, 0);
    if (!(r->rare_tilts = calloc(n + 1, sizeof *r->rare_tilts))) return -1;
    char text[512];
    for (size_t i = 0; i < n; i++)
        if (st->rt->tilt_describe(i, text, sizeof text) == 0 &&
            !(r->rare_tilts[r->nrare_tilts++] = strdup(text)))
            return -1;
    return 0;
}
