/* freqsys/runtime/trial_draws.h: the bottom of the runtime: the trial's draws, their conversion to C types, and failing a trial. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TRIAL_DRAWS_H
#define FREQSYS_TRIAL_DRAWS_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "dist.h"

/* The first RUNTIME_KEPT_DRAWS draws of a trial are kept for replays. */
#define RUNTIME_KEPT_DRAWS 16

/* Where the draws of the program's inputs come from in the trials that follow:
 * FN(D, CTX) gives each one (enumeration, stratified or quasi-random points); NULL
 * gives back the trial's own stream. Draws made straight from the stream (rand(),
 * a drawn standard input, a string's characters) are not routed through FN. */
typedef double (*runtime_draw_source)(const dist *d, void *ctx);

/* The state every part of the runtime shares while a trial runs. One process runs
 * one trial at a time (forked workers each have their own copy), so there is one. */
typedef struct trial_draws {
    gsl_rng *rng;                  /* the trial's stream */
    runtime_draw_source source;    /* NULL: draws from rng (plain sampling) */
    void *source_ctx;
    jmp_buf trial_exit;            /* set by the running trial; runtime_fail returns there */
    char error[512];               /* what ended the trial, after an input error */
    /* The first draws of the trial, kept raw: formatting them on every trial would
     * cost more than most trials; runtime_drawn formats them on demand. */
    struct { const char *name; double value; } drawn[RUNTIME_KEPT_DRAWS];
    size_t ndrawn;
    uint64_t not_kept;             /* draws past the first RUNTIME_KEPT_DRAWS */
    /* Called with every draw of the program's inputs (draw_scores.c, for
     * sensitivities); NULL when nobody asked, which costs one test per draw. */
    void (*on_draw)(const dist *d, double v);
} trial_draws;

extern trial_draws runtime_trial;

/* One draw of the program's inputs from D: from the trial's stream, or from the
 * source in its place; not recorded. Inline: every input read of every trial calls it. */
static inline double runtime_sample(const dist *d) {
    const trial_draws *t = &runtime_trial;
    double v = t->source ? t->source(d, t->source_ctx) : dist_sample(d, t->rng);
    if (t->on_draw) t->on_draw(d, v);
    return v;
}

/* Keeps V under NAME among the trial's first draws. */
static inline void runtime_record(const char *name, double v) {
    if (runtime_trial.ndrawn < RUNTIME_KEPT_DRAWS) {
        runtime_trial.drawn[runtime_trial.ndrawn].name = name;
        runtime_trial.drawn[runtime_trial.ndrawn++].value = v;
    } else {
        runtime_trial.not_kept++;
    }
}

/* runtime_sample, recorded under NAME for replays. */
static inline double runtime_draw(const dist *d, const char *name) {
    double v = runtime_sample(d);
    runtime_record(name, v);
    return v;
}

void runtime_set_draw_source(runtime_draw_source fn, void *ctx);

/* The trial's random stream, positioned by runtime_run_trial: a caller can tell from
 * its state whether a trial drew from it directly. */
gsl_rng *runtime_rng(void);

/* Converts V to the C type KIND at OUT (C truncation toward zero for integers).
 * Returns 0, or -1 when V does not fit the type (never a silent wrap). */
int runtime_convert(double v, uint32_t kind, void *out);

/* Ends the trial with an input error (TRIAL_INPUT_ERROR) whose message is FMT. */
_Noreturn void runtime_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
