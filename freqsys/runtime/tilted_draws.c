/* freqsys/runtime/tilted_draws.c: importance sampling's draws: each tilted input from a defensive mixture,
 * and the run's weight. */
/* SPDX-License-Identifier: MIT */
#include "tilted_draws.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_rng.h>
#include "draw_scores.h"
#include "trial_draws.h"

typedef struct tilted_draws_input {
    char input[96];
    const dist *d;  /* the declared law */
    dist *tilted;   /* its tilt, or NULL: drawn plainly */
    double mean_t;  /* what the tilt was fitted to */
    double trial_t; /* this trial: the sum of T over its draws, and their number */
    unsigned trial_n;
    long double elite_w, elite_wt; /* the pilot: sums over the runs that reached the block */
} tilted_input;

/* tilted_draws.c's part of the module's runtime state (runtime_state.h). */
static runtime_state_tilted_draws *const td = &runtime_state_object.tilted_draws;
static trial_draws *const shared = &runtime_state_object.trial_draws; /* the trial's draws */

/* The draw source: every draw of the program comes here. A tilted input's first
 * TILTED_DRAWS_MAX draws a run come from the mixture; everything else as plainly. */
static double draw(const dist *d, void *ctx) {
    gsl_rng *r = shared->rng;
    for (size_t i = 0; i < td->n; i++) {
        tilted_input *in = &td->inputs[i];
        if (in->d != d) continue;
        double x;
        if (in->tilted && td->ntilted < TILTED_DRAWS_MAX) {
            td->ntilted++;
            x = gsl_rng_uniform(r) < TILTED_DRAWS_MIXTURE ? dist_sample(in->tilted, r) : dist_sample(d, r);
            double ratio = exp(dist_tilt_log_ratio(d, in->tilted, x));
            td->weight *= 1 / ((1 - TILTED_DRAWS_MIXTURE) + TILTED_DRAWS_MIXTURE * ratio);
        } else {
            x = dist_sample(d, r);
        }
        in->trial_t += dist_tilt_statistic(d, x);
        in->trial_n++;
        return x;
    }
    return dist_sample(d, r);
}

static int follow(const dist *d, const char *label) {
    if (!d || dist_tilt_param(d) < 0) return 0;
    for (size_t i = 0; i < td->n; i++)
        if (td->inputs[i].d == d) return 0;
    tilted_input *v = realloc(td->inputs, (td->n + 1) * sizeof *v);
    if (!v) return -1;
    td->inputs = v;
    td->inputs[td->n] = (tilted_input){"", d, NULL, NAN, 0, 0, 0, 0};
    snprintf(td->inputs[td->n++].input, sizeof v->input, "%s", label);
    return 0;
}

int tilted_draws_enable(const spec *s) {
    char label[96];
    for (size_t i = 0; i < s->ninputs; i++) {
        if (s->inputs[i].value.kind == SPEC_VALUE_PERMUTATION) continue;
        draw_scores_label(&s->inputs[i], label, sizeof label);
        if (follow(s->inputs[i].value.dist, label) != 0) return -1;
    }
    for (size_t i = 0; i < s->ninterrupts; i++) {
        snprintf(label, sizeof label, "interrupt %s", s->interrupts[i].name);
        if (follow(s->interrupts[i].count, label) != 0) return -1;
    }
    runtime_set_draw_source(draw, NULL);
    return (int)td->n;
}

static void clear_trial(void) {
    td->weight = 1;
    td->ntilted = 0;
    for (size_t i = 0; i < td->n; i++) {
        td->inputs[i].trial_t = 0;
        td->inputs[i].trial_n = 0;
    }
}

double tilted_draws_take_weight(void) {
    double w = td->weight;
    clear_trial();
    return w;
}

void tilted_draws_pilot_trial(int reached) {
    for (size_t i = 0; reached && i < td->n; i++) {
        tilted_input *in = &td->inputs[i];
        in->elite_w += (long double)td->weight * in->trial_n;
        in->elite_wt += (long double)td->weight * in->trial_t;
    }
    clear_trial();
}

/* Sets input I's tilt to the law with E T = MEAN_T; NAN or a value out of range
 * leaves it untilted. */
static void tilt(tilted_input *in, double mean_t) {
    dist_free(in->tilted);
    in->tilted = isnan(mean_t) ? NULL : dist_tilt_fit(in->d, mean_t);
    in->mean_t = in->tilted ? mean_t : NAN;
}

int tilted_draws_refit(void) {
    int tilted = 0;
    for (size_t i = 0; i < td->n; i++) {
        tilted_input *in = &td->inputs[i];
        if (in->elite_w > 0) tilt(in, (double)(in->elite_wt / in->elite_w));
        in->elite_w = in->elite_wt = 0;
        tilted += in->tilted != NULL;
    }
    return tilted;
}

size_t tilted_draws_get(double *mean_t, size_t max) {
    for (size_t i = 0; i < td->n && i < max; i++) mean_t[i] = td->inputs[i].mean_t;
    return td->n;
}

int tilted_draws_set(const double *mean_t, size_t n) {
    int tilted = 0;
    for (size_t i = 0; i < td->n && i < n; i++) {
        tilt(&td->inputs[i], mean_t[i]);
        tilted += td->inputs[i].tilted != NULL;
    }
    return tilted;
}

int tilted_draws_describe(size_t i, char *buf, size_t size) {
    if (i >= td->n || !td->inputs[i].tilted) return -1;
    char from[128], to[128];
    dist_format(td->inputs[i].d, from, sizeof from);
    dist_format(td->inputs[i].tilted, to, sizeof to);
    snprintf(buf, size, "%s: %s -> %s", td->inputs[i].input, from, to);
    return 0;
}
