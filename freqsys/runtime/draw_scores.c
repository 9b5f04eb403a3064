/* freqsys/runtime/draw_scores.c: per trial, the score of its draws for each parameter of the declared
 * distributions (sensitivities). */
/* SPDX-License-Identifier: MIT */
#include "draw_scores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trial_draws.h"

/* A followed distribution: where its scored parameters' scores sit in the trial's
 * vector, and which of its parameters they are. */
typedef struct draw_scores_followed {
    const dist *d;
    size_t first; /* its first score in `trial` */
    size_t nparams;
    int scored[DIST_MAX_PARAMS];
} followed;

/* draw_scores.c's part of the module's runtime state (runtime_state.h). */
static runtime_state_draw_scores *const ds = &runtime_state_object.draw_scores;
static trial_draws *const shared = &runtime_state_object.trial_draws; /* the trial's draws */

/* Adds the score of draw X from D to the trial's: the hook every input draw calls
 * when sensitivities are asked for. The few declarations are searched in order. */
static void on_draw(const dist *d, double x) {
    for (size_t i = 0; i < ds->ndists; i++) {
        const followed *f = &ds->dists[i];
        if (f->d != d) continue;
        double grad[DIST_MAX_PARAMS];
        dist_score(d, x, grad);
        size_t at = f->first;
        for (size_t k = 0; k < f->nparams; k++)
            if (f->scored[k]) ds->trial[at++] += grad[k];
        return;
    }
}

/* Lists D's parameters under INPUT; SCORED 0 lists them all as skipped (their draws
 * are not followed). The same distribution object twice is listed once. Returns 0,
 * or -1 when memory ran out. */
static int follow(const dist *d, const char *input, int scored) {
    if (!d) return 0;
    for (size_t i = 0; i < ds->ndists; i++)
        if (ds->dists[i].d == d) return 0;
    dist_param p[DIST_MAX_PARAMS];
    size_t n = dist_params(d, p);
    followed *v = realloc(ds->dists, (ds->ndists + 1) * sizeof *v);
    draw_score_param *w = v ? realloc(ds->params, (ds->nparams + n + 1) * sizeof *w) : NULL;
    if (v) ds->dists = v;
    if (!w) return -1;
    ds->params = w;
    followed *f = &ds->dists[ds->ndists++];
    *f = (followed){d, 0, n, {0}};
    for (size_t k = 0; k < n; k++) {
        f->scored[k] = scored && p[k].scored;
        draw_score_param *q = &ds->params[ds->nparams++];
        *q = (draw_score_param){"", p[k].name, p[k].value, f->scored[k]};
        snprintf(q->input, sizeof q->input, "%s", input);
    }
    return 0;
}

void draw_scores_label(const spec_input *in, char *buf, size_t size) {
    switch (in->target) {
    case SPEC_READ_INDEX:
        snprintf(buf, size, "read %lld", in->index);
        break;
    case SPEC_READ_ANY:
        snprintf(buf, size, "read *");
        break;
    case SPEC_MMIO:
        snprintf(buf, size, "mmio 0x%llx", (unsigned long long)in->addr_lo);
        break;
    case SPEC_STDIN:
        snprintf(buf, size, "stdin");
        break;
    case SPEC_DRAW:
        snprintf(buf, size, "draw %s", in->name);
        break;
    case SPEC_ARG:
        if (in->name)
            snprintf(buf, size, "arg %s", in->name);
        else
            snprintf(buf, size, "arg %lld", in->index);
        break;
    default:
        snprintf(buf, size, "%s", in->name ? in->name : "?");
        break;
    }
}

/* Scored parameters first, in the order their scores take in the trial's vector. */
static void order_params(void) {
    size_t at = 0;
    for (size_t i = 0; i < ds->nparams; i++) {
        if (!ds->params[i].scored) continue;
        draw_score_param p = ds->params[i];
        memmove(ds->params + at + 1, ds->params + at, (i - at) * sizeof p);
        ds->params[at++] = p;
    }
    ds->nscored = at;
    size_t first = 0;
    for (size_t i = 0; i < ds->ndists; i++) {
        ds->dists[i].first = first;
        for (size_t k = 0; k < ds->dists[i].nparams; k++) first += (size_t)ds->dists[i].scored[k];
    }
}

int draw_scores_enable(const spec *s) {
    char label[96];
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        /* a permutation's shuffle draws from a uniform(0, 1) the spec does not write */
        if (in->value.kind == SPEC_VALUE_PERMUTATION) continue;
        draw_scores_label(in, label, sizeof label);
        if (follow(in->value.dist, label, 1) != 0) return -1;
    }
    for (size_t i = 0; i < s->ninterrupts; i++) {
        snprintf(label, sizeof label, "interrupt %s", s->interrupts[i].name);
        if (follow(s->interrupts[i].count, label, 1) != 0) return -1;
    }
    /* a drawn standard input's bytes and line lengths come from the stream directly */
    for (size_t i = 0; i < s->ninputs; i++) {
        draw_scores_label(&s->inputs[i], label, sizeof label);
        if (follow(s->inputs[i].value.item, label, 0) != 0) return -1;
    }
    order_params();
    if (!(ds->trial = calloc(ds->nscored + 1, sizeof *ds->trial))) return -1;
    if (ds->nscored) shared->on_draw = on_draw;
    return 0;
}

const draw_score_param *draw_scores_params(size_t *n, size_t *nscored) {
    *n = ds->nparams;
    *nscored = ds->nscored;
    return ds->params;
}

void draw_scores_take(double *out) {
    if (!ds->nscored) return;
    memcpy(out, ds->trial, ds->nscored * sizeof *out);
    memset(ds->trial, 0, ds->nscored * sizeof *ds->trial);
}
