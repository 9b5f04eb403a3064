/* freqsys/runtime/plain_calls.c: function mode's short path: arguments drawn ahead in batches, no setjmp. */
/* SPDX-License-Identifier: MIT */
#include "plain_calls.h"

#include <stdlib.h>
#include <string.h>
#include "dist.h"
#include "trial_draws.h"

/* plain_calls.c's part of the module's runtime state (runtime_state.h). */
_Static_assert(PLAIN_CALLS_BATCH <= DIST_RNG_AHEAD_STREAMS, "a batch's blocks are computed ahead at once");

static runtime_state_plain_calls *const plain = &runtime_state_object.plain_calls;
static trial_draws *const shared = &runtime_state_object.trial_draws;

/* The argument declaration that draws parameter P, when it is the only one and a
 * plain number; NULL otherwise. */
static const fsabi_arg *value_arg(const fsabi_module *mod, uint64_t p) {
    const fsabi_arg *found = NULL;
    for (uint64_t k = 0; k < mod->nargs; k++) {
        if (mod->args[k].param != p) continue;
        if (found || mod->args[k].shape != FSABI_SHAPE_VALUE) return NULL;
        found = &mod->args[k];
    }
    return found;
}

int plain_calls_prepare(const fsabi_module *mod, const spec *s) {
    const runtime_state *self = runtime_self();
    const char *off = getenv("FREQSYS_PLAIN_CALLS");
    plain->enabled = 0;
    plain->n = 0;
    plain->last = PLAIN_CALLS_NONE;
    if ((off && strcmp(off, "off") == 0) || !mod->function_mode || !mod->entry_closed || mod->nsites ||
        mod->ninterrupts || self->runtime.calls != 1 || self->runtime.stdin_in ||
        self->entry_call.through_ffi || mod->nargs != mod->nparams || mod->nargs > RUNTIME_KEPT_DRAWS)
        return 0;
    for (uint64_t p = 0; p < mod->nparams; p++)
        if (mod->params[p].kind == FSABI_KIND_PTR || !value_arg(mod, p)) return 0;
    size_t n = mod->nargs;
    plain->nargs = n;
    plain->args = calloc(n + 1, sizeof *plain->args);
    plain->dists = calloc(n + 1, sizeof *plain->dists);
    plain->names = calloc(n + 1, sizeof *plain->names);
    plain->values = calloc(PLAIN_CALLS_BATCH * n + 1, sizeof *plain->values);
    plain->argp = calloc(PLAIN_CALLS_BATCH * n + 1, sizeof *plain->argp);
    plain->drawn = calloc(PLAIN_CALLS_BATCH * n + 1, sizeof *plain->drawn);
    if (!plain->args || !plain->dists || !plain->names || !plain->values || !plain->argp || !plain->drawn)
        return -1;
    for (size_t k = 0; k < n; k++) {
        const fsabi_arg *a = &mod->args[k];
        const dist *d = a->decl < s->ninputs ? s->inputs[a->decl].value.dist : NULL;
        if (!d || dist_is_text(d)) return 0;
        plain->args[k] = a;
        plain->dists[k] = d;
        plain->names[k] = mod->params[a->param].name;
    }
    for (size_t i = 0; i < PLAIN_CALLS_BATCH * n; i++) plain->argp[i] = &plain->values[i];
    plain->direct = dist_first_draws_direct(plain->dists, n, shared->rng);
    plain->enabled = 1;
    return 0;
}

uint64_t plain_calls_draw(uint64_t seed, uint64_t first) {
    const size_t n = plain->nargs;
    dist_first_draws(plain->dists, n, plain->direct, shared->rng, seed, first, PLAIN_CALLS_BATCH,
                     plain->drawn);
    uint64_t t = 0;
    for (; t < PLAIN_CALLS_BATCH; t++) {
        uint64_t *row = plain->values + t * n;
        const double *drawn = plain->drawn + t * n;
        size_t k = 0;
        while (k < n && runtime_convert(drawn[k], plain->args[k]->kind, &row[plain->args[k]->param]) == 0)
            k++;
        if (k < n) break;
    }
    plain->seed = seed;
    plain->first = first;
    plain->n = t;
    return t;
}

void plain_calls_keep_drawn(void) {
    if (plain->last == PLAIN_CALLS_NONE) return;
    const double *drawn = plain->drawn + plain->last * plain->nargs;
    for (size_t i = 0; i < plain->nargs; i++) {
        shared->drawn[i].name = plain->names[i];
        shared->drawn[i].value = drawn[i];
    }
    shared->ndrawn = plain->nargs;
    shared->not_kept = 0;
}
